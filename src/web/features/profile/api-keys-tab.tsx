import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ApiKey, ApiKeyCreated } from '../../../shared/contracts/api-keys';
import { Button } from '../../components/ui/button';
import { ColumnTable, type HeaderCell } from '../../components/ui/header-cells';
import { InputField } from '../../components/ui/input-field';
import { formatDate, formatDateTime } from '../../lib/format';
import { usePublicConfig } from '../../lib/public-config';
import { createApiKey, revokeApiKey, useApiKeysQuery, useInvalidateApiKeys } from './api-keys-api';
import { ConfirmDestroyButton, SecretOnce } from './secret-once';
import { SecretList, TabIntro, useSecretForm } from './secret-tab';

export const apiKeyTexts = {
  created: 'API key created',
  secretLabel: 'New API key',
  copyLabel: 'Copy key',
  copied: 'API key copied to the clipboard',
  copyFailed: 'Could not copy: select the key and copy it yourself.',
  revoked: 'API key revoked',
  createFailed: 'Failed to create the API key',
  revokeFailed: 'Failed to revoke the API key',
  loadFailed: 'API keys could not be loaded.',
  nameMissing: 'Give the key a name.',
  onceWarning: 'This is the only time the key is shown. Store it in a safe place, such as your secrets manager; if you lose it, revoke it and create a new one.',
} as const;

function RevokeButton({ apiKey, onRevoked }: { apiKey: ApiKey; onRevoked: () => Promise<void> }) {
  return (
    <ConfirmDestroyButton
      label="Revoke"
      ariaLabel={`Revoke ${apiKey.name}`}
      title={<>Revoke “{apiKey.name}”?</>}
      description={<>Programs using the key {apiKey.prefix}… stop working at once. This cannot be undone.</>}
      confirmLabel="Revoke key"
      busyText="Revoking..."
      action={() => revokeApiKey(apiKey.id)}
      doneToast={apiKeyTexts.revoked}
      failedToast={apiKeyTexts.revokeFailed}
      onDone={onRevoked}
    />
  );
}

const KEY_COLUMNS: readonly (string | HeaderCell)[] = [
  { name: 'Name', className: 'px-4 py-3' },
  'Key',
  'Created',
  'Last used',
  { name: 'Actions', className: 'px-4 py-3', srOnly: true },
];

const lastUsed = (k: ApiKey) => (k.last_used_at ? formatDateTime(k.last_used_at) : 'Never');

function KeysTable({ items, onRevoked }: { items: ApiKey[]; onRevoked: () => Promise<void> }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <ColumnTable
        caption="Your API keys"
        className="w-full text-left text-sm"
        headClassName="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase"
        columns={KEY_COLUMNS}
        cellClassName="hidden px-4 py-3 sm:table-cell"
      >
        {items.map((k) => (
          <tr key={k.id}>
            <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
              {k.name}
              {/* Narrow screens: the key and the dates fold under the name. */}
              <span className="mt-0.5 block font-mono text-xs font-normal text-slate-600 sm:hidden">{k.prefix}…</span>
              <span className="block text-xs font-normal text-slate-500 sm:hidden">
                Created {formatDate(k.created_at)} · Last used {lastUsed(k)}
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
    const trimmed = form.required(name, apiKeyTexts.nameMissing);
    if (!trimmed) return;
    await form.create(() => createApiKey(trimmed), () => setName(''));
  };

  return (
    <div className="space-y-6">
      <TabIntro icon={KeyRound} title="Keys for the Corisk API">
        Your own systems can run assessments and portfolios with an API key: send it as{' '}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">Authorization: Bearer crk_…</code> to{' '}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">{appUrl}/api/v1</code>. Each assessment uses 1 credit, as on
        the screen.{' '}
        <a href="/api/docs" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          API documentation
        </a>
      </TabIntro>

      <form onSubmit={handleCreate} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <InputField
          label="Key name"
          className="grow sm:max-w-sm"
          ref={form.fieldRef}
          value={name}
          maxLength={80}
          placeholder="e.g. Underwriting system"
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={form.creating} loadingText="Creating...">
          Create key
        </Button>
      </form>

      {form.created && <SecretOnce secret={form.created.secret} heading={<>Copy your new key “{form.created.name}” now</>} texts={apiKeyTexts} onDone={form.done} />}

      <SecretList
        query={keys}
        loading="Loading API keys…"
        loadFailed={apiKeyTexts.loadFailed}
        empty="No API keys yet. Create one to call the API from your own systems."
      >
        {(items) => <KeysTable items={items} onRevoked={invalidate} />}
      </SecretList>
    </div>
  );
}
