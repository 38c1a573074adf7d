import { Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { monitoringEventTypeSchema, type MonitoringEventType } from '../../../shared/contracts/monitoring';
import type { Webhook, WebhookCreated } from '../../../shared/contracts/webhooks';
import { EVENT_TYPE_WORDS } from '../../../shared/event-type-labels';
import { LoadingLine, QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { ColumnTable, type HeaderCell } from '../../components/ui/header-cells';
import { InputField } from '../../components/ui/input-field';
import { formatDate, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { createWebhook, deleteWebhook, useDeliveriesQuery, useInvalidateWebhooks, useWebhooksQuery } from './webhooks-api';
import { ConfirmDestroyButton, SecretOnce } from './secret-once';
import { SecretList, TabIntro, useSecretForm } from './secret-tab';

export const webhookTexts = {
  created: 'Webhook added',
  secretLabel: 'Signing secret',
  copyLabel: 'Copy secret',
  copied: 'Signing secret copied to the clipboard',
  copyFailed: 'Could not copy: select the secret and copy it yourself.',
  deleted: 'Webhook deleted',
  createFailed: 'Failed to add the webhook',
  deleteFailed: 'Failed to delete the webhook',
  loadFailed: 'Webhooks could not be loaded.',
  deliveriesFailed: 'Deliveries could not be loaded.',
  urlMissing: 'Give the URL your endpoint listens on.',
  typesMissing: 'Choose at least one event type.',
  onceWarning: 'This is the only time the signing secret is shown. Store it with your endpoint: it verifies the webhook-signature header of every delivery.',
  empty: 'No webhooks yet. Add one to receive monitoring events as they are found.',
  noDeliveries: 'Nothing sent to this endpoint yet.',
} as const;

const EVENT_TYPES = monitoringEventTypeSchema.options;

function DeleteButton({ webhook, onDeleted }: { webhook: Webhook; onDeleted: () => Promise<void> }) {
  return (
    <ConfirmDestroyButton
      label="Delete"
      ariaLabel={`Delete ${webhook.url}`}
      title="Delete this webhook?"
      description={<span className="break-all">{webhook.url} receives no more events, and its delivery history is deleted. This cannot be undone.</span>}
      confirmLabel="Delete webhook"
      busyText="Deleting..."
      action={() => deleteWebhook(webhook.id)}
      doneToast={webhookTexts.deleted}
      failedToast={webhookTexts.deleteFailed}
      onDone={onDeleted}
    />
  );
}

const DELIVERY_COLUMNS: readonly (string | HeaderCell)[] = ['Event', 'Status', 'Attempts', 'Answer', { name: 'Time', className: 'py-2' }];

const statusClass = { delivered: 'text-emerald-700', pending: 'text-amber-700', failed: 'text-red-700' } as const;

/** The endpoint's latest deliveries: event, status, attempts, answer code, time. */
function Deliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveriesQuery(webhook.id);
  return (
    <QueryState
      query={deliveries}
      loading={<LoadingLine>Loading deliveries…</LoadingLine>}
      failed={() => <span>{webhookTexts.deliveriesFailed}</span>}
      alert
    >
      {(data) =>
        data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{webhookTexts.noDeliveries}</p>
        ) : (
          <ColumnTable
            caption={<>Recent deliveries to {webhook.url}</>}
            className="w-full text-left text-sm"
            headClassName="text-xs font-semibold tracking-wide text-slate-500 uppercase"
            columns={DELIVERY_COLUMNS}
            cellClassName="py-2 pr-4"
          >
            {data.items.map((d) => (
              <tr key={d.id}>
                <td className="py-2 pr-4 text-slate-900">{EVENT_TYPE_WORDS[d.type]}</td>
                <td className={`py-2 pr-4 font-semibold ${statusClass[d.status]}`}>{d.status}</td>
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
            {webhook.event_types ? webhook.event_types.map((t) => EVENT_TYPE_WORDS[t]).join(', ') : 'All events'} · Added{' '}
            {formatDate(webhook.created_at)}
          </p>
          {!webhook.enabled && (
            <p className="mt-1 text-xs font-semibold text-red-700">
              Disabled{webhook.disabled_at ? ` on ${formatDate(webhook.disabled_at)}` : ''} after failing for three days
            </p>
          )}
        </div>
        <DeleteButton webhook={webhook} onDeleted={onDeleted} />
      </div>
      <Button variant="ghost" size="sm" className="mt-2" aria-expanded={showDeliveries} aria-controls={panelId} onClick={() => setShowDeliveries((v) => !v)}>
        {showDeliveries ? 'Hide deliveries' : 'Recent deliveries'}
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
    const trimmed = form.required(url, webhookTexts.urlMissing);
    if (!trimmed) return;
    if (!allTypes && types.length === 0) {
      toast.error(webhookTexts.typesMissing);
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
      <TabIntro icon={WebhookIcon} title="Monitoring events to your systems">
        Each change monitoring finds is POSTed to your endpoint as JSON, signed with the endpoint&apos;s secret (Standard Webhooks:
        webhook-id, webhook-timestamp, webhook-signature). Answer with a 2xx within 10 seconds; failed deliveries are retried for
        three days, then the endpoint is disabled and you get an e-mail.
      </TabIntro>

      <form onSubmit={handleCreate} className="space-y-4" noValidate>
        <InputField
          label="Endpoint URL"
          className="sm:max-w-lg"
          ref={form.fieldRef}
          type="url"
          value={url}
          maxLength={2000}
          placeholder="https://example.com/corisk-events"
          autoComplete="off"
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Events</legend>
          <Checkbox id={`${typesId}-all`} className="mt-2" label="All events" checked={allTypes} onChange={(e) => setAllTypes(e.target.checked)} />
          {!allTypes && (
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {EVENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  id={`${typesId}-${type}`}
                  label={EVENT_TYPE_WORDS[type]}
                  checked={types.includes(type)}
                  onChange={(e) => toggleType(type, e.target.checked)}
                />
              ))}
            </div>
          )}
        </fieldset>
        <Button type="submit" loading={form.creating} loadingText="Adding...">
          Add webhook
        </Button>
      </form>

      {form.created && <SecretOnce secret={form.created.secret} heading="Copy the signing secret now" texts={webhookTexts} onDone={form.done} />}

      <SecretList query={webhooks} loading="Loading webhooks…" loadFailed={webhookTexts.loadFailed} empty={webhookTexts.empty}>
        {(items) => (
          <ul aria-label="Your webhooks" className="space-y-3">
            {items.map((w) => (
              <WebhookItem key={w.id} webhook={w} onDeleted={invalidate} />
            ))}
          </ul>
        )}
      </SecretList>
    </div>
  );
}
