import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ApiKey, ApiKeyCreated } from '../../../shared/contracts/api-keys';
import { Button } from '../../components/ui/button';
import { ColumnTable, type HeaderCell } from '../../components/ui/header-cells';
import { InputField } from '../../components/ui/input-field';
import { formatDate, formatDateTime } from '../../lib/format';
import { T, t } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { createApiKey, revokeApiKey, useApiKeysQuery, useInvalidateApiKeys } from './api-keys-api';
import { ConfirmDestroyButton, SecretOnce } from './secret-once';
import { SecretList, TabIntro, useSecretForm } from './secret-tab';

/** The tab's toasts and notices (message ids: `t(apiKeyTexts.created)`). */
export const apiKeyTexts = {
  created: 'profile.apiKeys.created',
  secretLabel: 'profile.apiKeys.secretLabel',
  copyLabel: 'profile.apiKeys.copyLabel',
  copied: 'profile.apiKeys.copied',
  copyFailed: 'profile.apiKeys.copyFailed',
  revoked: 'profile.apiKeys.revoked',
  createFailed: 'profile.apiKeys.createFailed',
  revokeFailed: 'profile.apiKeys.revokeFailed',
  loadFailed: 'profile.apiKeys.loadFailed',
  nameMissing: 'profile.apiKeys.nameMissing',
  onceWarning: 'profile.apiKeys.onceWarning',
} as const;

/** How a program sends its key, shown as code in every language. */
const AUTH_HEADER = 'Authorization: Bearer crk_…';

function RevokeButton({ apiKey, onRevoked }: { apiKey: ApiKey; onRevoked: () => Promise<void> }) {
  return (
    <ConfirmDestroyButton
      label={t('profile.apiKeys.revoke')}
      ariaLabel={t('profile.apiKeys.revokeLabel', { name: apiKey.name })}
      title={t('profile.apiKeys.revokeTitle', { name: apiKey.name })}
      description={t('profile.apiKeys.revokeText', { prefix: apiKey.prefix })}
      confirmLabel={t('profile.apiKeys.revokeConfirm')}
      busyText={t('profile.apiKeys.revoking')}
      action={() => revokeApiKey(apiKey.id)}
      doneToast={t(apiKeyTexts.revoked)}
      failedToast={t(apiKeyTexts.revokeFailed)}
      onDone={onRevoked}
    />
  );
}

const keyColumns = (): readonly (string | HeaderCell)[] => [
  { name: t('profile.apiKeys.column.name'), className: 'px-4 py-3' },
  t('profile.apiKeys.column.key'),
  t('profile.apiKeys.column.created'),
  t('profile.apiKeys.column.lastUsed'),
  { name: t('profile.apiKeys.column.actions'), className: 'px-4 py-3', srOnly: true },
];

const lastUsed = (k: ApiKey) => (k.last_used_at ? formatDateTime(k.last_used_at) : t('profile.apiKeys.neverUsed'));

function KeysTable({ items, onRevoked }: { items: ApiKey[]; onRevoked: () => Promise<void> }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <ColumnTable
        caption={t('profile.apiKeys.caption')}
        className="w-full text-left text-sm"
        headClassName="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase"
        columns={keyColumns()}
        cellClassName="hidden px-4 py-3 sm:table-cell"
      >
        {items.map((k) => (
          <tr key={k.id}>
            <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
              {k.name}
              {/* Narrow screens: the key and the dates fold under the name. */}
              <span className="mt-0.5 block font-mono text-xs font-normal text-slate-600 sm:hidden">{k.prefix}…</span>
              <span className="block text-xs font-normal text-slate-500 sm:hidden">
                {t('profile.apiKeys.createdAndUsed', { created: formatDate(k.created_at), used: lastUsed(k) })}
              </span>
            </th>
            <td className="hidden px-4 py-3 font-mono whitespace-nowrap text-slate-700 sm:table-cell">{k.prefix}…</td>
            <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{formatDate(k.created_at)}</td>
            <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{lastUsed(k)}</td>
            <td className="px-2 py-3 text-right sm:px-4">
              <RevokeButton apiKey={k} onRevoked={onRevoked} />
            </td>
          </tr>
        ))}
      </ColumnTable>
    </div>
  );
}

/** The API keys tab of /profile: keys for the public API (/api/v1), each shown once at creation. */
export function ApiKeysTab() {
  const keys = useApiKeysQuery();
  const invalidate = useInvalidateApiKeys();
  const { appUrl } = usePublicConfig();
  const [name, setName] = useState('');
  const form = useSecretForm<ApiKeyCreated>(apiKeyTexts, invalidate);

  const handleCreate = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = form.required(name, t(apiKeyTexts.nameMissing));
    if (!trimmed) return;
    await form.create(() => createApiKey(trimmed), () => setName(''));
  };

  return (
    <div className="space-y-6">
      <TabIntro icon={KeyRound} title={t('profile.apiKeys.introTitle')}>
        <T
          id="profile.apiKeys.intro"
          values={{ header: AUTH_HEADER, base: `${appUrl}/api/v1` }}
          components={{
            0: <code className="rounded bg-slate-100 px-1 py-0.5 text-xs" />,
            1: <code className="rounded bg-slate-100 px-1 py-0.5 text-xs" />,
            2: <a href="/api/docs" className="font-semibold text-brand-700 underline-offset-2 hover:underline" />,
          }}
        />
      </TabIntro>

      <form onSubmit={handleCreate} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <InputField
          label={t('profile.apiKeys.nameLabel')}
          className="grow sm:max-w-sm"
          ref={form.fieldRef}
          value={name}
          maxLength={80}
          placeholder={t('profile.apiKeys.nameExample')}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={form.creating} loadingText={t('profile.apiKeys.creating')}>
          {t('profile.apiKeys.create')}
        </Button>
      </form>

      {form.created && <SecretOnce secret={form.created.secret} heading={t('profile.apiKeys.copyNow', { name: form.created.name })} texts={apiKeyTexts} onDone={form.done} />}

      <SecretList
        query={keys}
        loading={t('profile.apiKeys.loading')}
        loadFailed={t(apiKeyTexts.loadFailed)}
        empty={t('profile.apiKeys.empty')}
      >
        {(items) => <KeysTable items={items} onRevoked={invalidate} />}
      </SecretList>
    </div>
  );
}
