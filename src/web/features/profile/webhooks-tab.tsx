import { Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { monitoringEventTypeSchema, type MonitoringEventType } from '../../../shared/contracts/monitoring';
import type { Webhook, WebhookCreated } from '../../../shared/contracts/webhooks';
import { LoadingLine, QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { ColumnTable, type HeaderCell } from '../../components/ui/header-cells';
import { InputField } from '../../components/ui/input-field';
import { formatDate, formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { createWebhook, deleteWebhook, useDeliveriesQuery, useInvalidateWebhooks, useWebhooksQuery } from './webhooks-api';
import { ConfirmDestroyButton, SecretOnce } from './secret-once';
import { SecretList, TabIntro, useSecretForm } from './secret-tab';

/** The tab's toasts and notices (message ids: `t(webhookTexts.created)`). */
export const webhookTexts = {
  created: 'profile.webhooks.created',
  secretLabel: 'profile.webhooks.secretLabel',
  copyLabel: 'profile.webhooks.copyLabel',
  copied: 'profile.webhooks.copied',
  copyFailed: 'profile.webhooks.copyFailed',
  deleted: 'profile.webhooks.deleted',
  createFailed: 'profile.webhooks.createFailed',
  deleteFailed: 'profile.webhooks.deleteFailed',
  loadFailed: 'profile.webhooks.loadFailed',
  deliveriesFailed: 'profile.webhooks.deliveriesFailed',
  urlMissing: 'profile.webhooks.urlMissing',
  typesMissing: 'profile.webhooks.typesMissing',
  onceWarning: 'profile.webhooks.onceWarning',
  empty: 'profile.webhooks.empty',
  noDeliveries: 'profile.webhooks.noDeliveries',
} as const;

const EVENT_TYPES = monitoringEventTypeSchema.options;

/** Each event type's words as the webhook settings list them (message ids). */
const EVENT_TYPE_WORDS: Record<MonitoringEventType, string> = {
  status_changed: 'profile.webhooks.eventType.statusChanged',
  name_changed: 'profile.webhooks.eventType.nameChanged',
  address_changed: 'profile.webhooks.eventType.addressChanged',
  activity_changed: 'profile.webhooks.eventType.activityChanged',
  legal_form_changed: 'profile.webhooks.eventType.legalFormChanged',
  vat_invalid: 'profile.webhooks.eventType.vatInvalid',
  sanctions_hit: 'profile.webhooks.eventType.sanctionsHit',
  sanctions_cleared: 'profile.webhooks.eventType.sanctionsCleared',
  grade_changed: 'profile.webhooks.eventType.gradeChanged',
  score_changed: 'profile.webhooks.eventType.scoreChanged',
  reassessment_skipped: 'profile.webhooks.eventType.reassessmentSkipped',
};

/** A delivery's status words (message ids). */
const DELIVERY_STATUS: Record<keyof typeof statusClass, string> = {
  delivered: 'profile.webhooks.deliveryStatus.delivered',
  pending: 'profile.webhooks.deliveryStatus.pending',
  failed: 'profile.webhooks.deliveryStatus.failed',
};

/** The endpoint field's example, the same in every language. */
const ENDPOINT_EXAMPLE = 'https://example.com/corisk-events';

function DeleteButton({ webhook, onDeleted }: { webhook: Webhook; onDeleted: () => Promise<void> }) {
  return (
    <ConfirmDestroyButton
      label={t('profile.webhooks.delete')}
      ariaLabel={t('profile.webhooks.deleteLabel', { url: webhook.url })}
      title={t('profile.webhooks.deleteTitle')}
      description={<span className="break-all">{t('profile.webhooks.deleteText', { url: webhook.url })}</span>}
      confirmLabel={t('profile.webhooks.deleteConfirm')}
      busyText={t('profile.webhooks.deleting')}
      action={() => deleteWebhook(webhook.id)}
      doneToast={t(webhookTexts.deleted)}
      failedToast={t(webhookTexts.deleteFailed)}
      onDone={onDeleted}
    />
  );
}

const deliveryColumns = (): readonly (string | HeaderCell)[] => [
  t('profile.webhooks.column.event'),
  t('profile.webhooks.column.status'),
  t('profile.webhooks.column.attempts'),
  t('profile.webhooks.column.answer'),
  { name: t('profile.webhooks.column.time'), className: 'py-2' },
];

const statusClass = { delivered: 'text-emerald-700', pending: 'text-amber-700', failed: 'text-red-700' } as const;

/** The endpoint's latest deliveries: event, status, attempts, answer code, time. */
function Deliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveriesQuery(webhook.id);
  return (
    <QueryState
      query={deliveries}
      loading={<LoadingLine>{t('profile.webhooks.loadingDeliveries')}</LoadingLine>}
      failed={() => <span>{t(webhookTexts.deliveriesFailed)}</span>}
      alert
    >
      {(data) =>
        data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t(webhookTexts.noDeliveries)}</p>
        ) : (
          <ColumnTable
            caption={t('profile.webhooks.deliveriesCaption', { url: webhook.url })}
            className="w-full text-left text-sm"
            headClassName="text-xs font-semibold tracking-wide text-slate-500 uppercase"
            columns={deliveryColumns()}
            cellClassName="py-2 pr-4"
          >
            {data.items.map((d) => (
              <tr key={d.id}>
                <td className="py-2 pr-4 text-slate-900">{t(EVENT_TYPE_WORDS[d.type])}</td>
                <td className={`py-2 pr-4 font-semibold ${statusClass[d.status]}`}>{t(DELIVERY_STATUS[d.status])}</td>
                <td className="py-2 pr-4 text-slate-700">{d.attempt}</td>
                <td className="py-2 pr-4 text-slate-700">{d.response_code ?? '—'}</td>
                <td className="py-2 text-slate-700">{formatDateTime(d.at)}</td>
              </tr>
            ))}
          </ColumnTable>
        )
      }
    </QueryState>
  );
}

function WebhookItem({ webhook, onDeleted }: { webhook: Webhook; onDeleted: () => Promise<void> }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const panelId = useId();
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-slate-900">{webhook.url}</p>
          <p className="mt-1 text-xs text-slate-600">
            {t('profile.webhooks.eventsAndAdded', {
              events: webhook.event_types ? webhook.event_types.map((type) => t(EVENT_TYPE_WORDS[type])).join(', ') : t('profile.webhooks.allEvents'),
              date: formatDate(webhook.created_at),
            })}
          </p>
          {!webhook.enabled && (
            <p className="mt-1 text-xs font-semibold text-red-700">
              {webhook.disabled_at
                ? t('profile.webhooks.disabledOn', { date: formatDate(webhook.disabled_at) })
                : t('profile.webhooks.disabled')}
            </p>
          )}
        </div>
        <DeleteButton webhook={webhook} onDeleted={onDeleted} />
      </div>
      <Button variant="ghost" size="sm" className="mt-2" aria-expanded={showDeliveries} aria-controls={panelId} onClick={() => setShowDeliveries((v) => !v)}>
        {showDeliveries ? t('profile.webhooks.hideDeliveries') : t('profile.webhooks.showDeliveries')}
      </Button>
      <div id={panelId} className="mt-2">
        {showDeliveries && <Deliveries webhook={webhook} />}
      </div>
    </li>
  );
}

/** The Webhooks tab of /profile: endpoints that receive monitoring events, each secret shown once at creation. */
export function WebhooksTab() {
  const webhooks = useWebhooksQuery();
  const invalidate = useInvalidateWebhooks();
  const [url, setUrl] = useState('');
  const [allTypes, setAllTypes] = useState(true);
  const [types, setTypes] = useState<MonitoringEventType[]>([]);
  const form = useSecretForm<WebhookCreated>(webhookTexts, invalidate);
  const typesId = useId();

  const toggleType = (type: MonitoringEventType, on: boolean) =>
    setTypes((current) => (on ? [...current.filter((t) => t !== type), type] : current.filter((t) => t !== type)));

  const handleCreate = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = form.required(url, t(webhookTexts.urlMissing));
    if (!trimmed) return;
    if (!allTypes && types.length === 0) {
      toast.error(t(webhookTexts.typesMissing));
      return;
    }
    await form.create(
      () => createWebhook(trimmed, allTypes ? undefined : EVENT_TYPES.filter((t) => types.includes(t))),
      () => {
        setUrl('');
        setTypes([]);
        setAllTypes(true);
      },
    );
  };

  return (
    <div className="space-y-6">
      <TabIntro icon={WebhookIcon} title={t('profile.webhooks.introTitle')}>
        {t('profile.webhooks.intro')}
      </TabIntro>

      <form onSubmit={handleCreate} className="space-y-4" noValidate>
        <InputField
          label={t('profile.webhooks.urlLabel')}
          className="sm:max-w-lg"
          ref={form.fieldRef}
          type="url"
          value={url}
          maxLength={2000}
          placeholder={ENDPOINT_EXAMPLE}
          autoComplete="off"
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{t('profile.webhooks.events')}</legend>
          <Checkbox id={`${typesId}-all`} className="mt-2" label={t('profile.webhooks.allEvents')} checked={allTypes} onChange={(e) => setAllTypes(e.target.checked)} />
          {!allTypes && (
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {EVENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  id={`${typesId}-${type}`}
                  label={t(EVENT_TYPE_WORDS[type])}
                  checked={types.includes(type)}
                  onChange={(e) => toggleType(type, e.target.checked)}
                />
              ))}
            </div>
          )}
        </fieldset>
        <Button type="submit" loading={form.creating} loadingText={t('profile.webhooks.adding')}>
          {t('profile.webhooks.add')}
        </Button>
      </form>

      {form.created && <SecretOnce secret={form.created.secret} heading={t('profile.webhooks.copyNow')} texts={webhookTexts} onDone={form.done} />}

      <SecretList query={webhooks} loading={t('profile.webhooks.loading')} loadFailed={t(webhookTexts.loadFailed)} empty={t(webhookTexts.empty)}>
        {(items) => (
          <ul aria-label={t('profile.webhooks.listLabel')} className="space-y-3">
            {items.map((w) => (
              <WebhookItem key={w.id} webhook={w} onDeleted={invalidate} />
            ))}
          </ul>
        )}
      </SecretList>
    </div>
  );
}
