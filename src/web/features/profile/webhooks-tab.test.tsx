// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookDelivery } from '../../../shared/contracts/webhooks';
import { jsonResponse, type RecordedCall } from '../../../../test/web/auth-harness';
import { openProfileTab, serveList, signedInEachTest } from '../../../../test/web/profile-harness';
import { t } from '../../lib/i18n';
import { webhookTexts } from './webhooks-tab';

const THIS_YEAR = new Date().getFullYear();
const SECRET = `whsec_${'A'.repeat(43)}=`;
const ID = '11111111-1111-4111-8111-111111111111';

const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: ID,
  url: 'https://hooks.example.com/corisk',
  event_types: null,
  enabled: true,
  created_at: new Date(THIS_YEAR, 0, 5, 9, 30).toISOString(),
  ...over,
});

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '44444444-4444-4444-8444-444444444444',
  event_id: '55555555-5555-4555-8555-555555555555',
  type: 'sanctions_hit',
  status: 'delivered',
  attempt: 1,
  response_code: 200,
  at: new Date(THIS_YEAR, 1, 3, 14, 5).toISOString(),
  next_attempt_at: null,
  ...over,
});

/** A server holding `hooks` in memory: list, add and delete change it as the real one would. */
const serve = (initial: Webhook[], extra: Record<string, (call: RecordedCall) => Response> = {}) =>
  serveList(
    '/api/webhooks',
    initial,
    (body) => {
      const { url, event_types } = body as { url: string; event_types?: Webhook['event_types'] };
      const made = hook({ id: '22222222-2222-4222-8222-222222222222', url, event_types: event_types ?? null, created_at: new Date().toISOString() });
      return { made, answer: { id: made.id, url: made.url, secret: SECRET } };
    },
    extra,
  );

const openTab = () => openProfileTab('webhooks');

signedInEachTest();

describe('Webhooks tab', () => {
  it('shows a loading state, then the empty state', async () => {
    serve([]);
    openTab();
    expect(screen.getByRole('tab', { name: 'Webhooks', selected: true })).toBeTruthy();
    expect(screen.getByText('Loading webhooks…')).toBeTruthy();
    expect(await screen.findByText(t(webhookTexts.empty))).toBeTruthy();
  });

  it('lists the endpoints with their event types; a disabled one says so', async () => {
    serve([hook(), hook({ id: '33333333-3333-4333-8333-333333333333', url: 'https://b.example.com/x', event_types: ['sanctions_hit', 'vat_invalid'], enabled: false, disabled_at: new Date(THIS_YEAR, 2, 1).toISOString() })]);
    openTab();
    const list = await screen.findByRole('list', { name: 'Your webhooks' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('https://hooks.example.com/corisk');
    expect(items[0]!.textContent).toContain('All events · Added 5 Jan');
    expect(items[1]!.textContent).toContain('Sanctions hit, VAT number invalid');
    expect(items[1]!.textContent).toContain('Disabled on 1 Mar after failing for three days');
  });

  it('adds one for chosen event types: the secret is shown once with a copy button, then the list has it', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = serve([]);
    openTab();
    await screen.findByText(t(webhookTexts.empty));
    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'https://new.example.com/hook');
    await userEvent.click(screen.getByLabelText('All events'));
    await userEvent.click(screen.getByLabelText('Sanctions hit'));
    await userEvent.click(screen.getByLabelText('Status changed'));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));

    const panel = await screen.findByRole('region', { name: 'Copy the signing secret now' });
    expect(within(panel).getByText(t(webhookTexts.onceWarning))).toBeTruthy();
    expect((within(panel).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(await screen.findByText(t(webhookTexts.created))).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ url: 'https://new.example.com/hook', event_types: ['status_changed', 'sanctions_hit'] });

    await userEvent.click(within(panel).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText(t(webhookTexts.copied))).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Your webhooks' });
    expect(within(list).getByText('https://new.example.com/hook')).toBeTruthy();
    expect(list.textContent).not.toContain(SECRET);
    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("asks for a URL before calling the server, and shows the server's reason for a refused one", async () => {
    const detail = 'The webhook URL must point to a public address, not a private, loopback or link-local one.';
    const api = serve([], { 'POST /api/webhooks': () => jsonResponse(400, { detail, code: 'webhook_url_refused' }) });
    openTab();
    await screen.findByText(t(webhookTexts.empty));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(t(webhookTexts.urlMissing))).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'https://10.0.0.1/x');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('shows recent deliveries of an endpoint', async () => {
    const api = serve([hook()], {
      [`GET /api/webhooks/${ID}/deliveries`]: () =>
        jsonResponse(200, { items: [delivery({ status: 'pending', attempt: 2, response_code: 503, next_attempt_at: new Date().toISOString() }), delivery({ id: '66666666-6666-4666-8666-666666666666' })], next: null }),
    });
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Recent deliveries' }));
    const table = await screen.findByRole('table', { name: 'Recent deliveries to https://hooks.example.com/corisk' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent).slice(0, 4))).toEqual([
      ['Sanctions hit', 'pending', '2', '503'],
      ['Sanctions hit', 'delivered', '1', '200'],
    ]);
    expect(api.calls.find((c) => c.url.includes('/deliveries'))?.url).toBe(`/api/webhooks/${ID}/deliveries?limit=10`);
  });

  it('deletes after a confirmation; Cancel keeps it', async () => {
    const api = serve([hook()]);
    openTab();
    await screen.findByRole('list', { name: 'Your webhooks' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/corisk' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/corisk' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByText(t(webhookTexts.deleted))).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/webhooks/${ID}`);
    expect(await screen.findByText(t(webhookTexts.empty))).toBeTruthy();
  });

  it('an error loading the webhooks says so, and Retry loads them again', async () => {
    let fail = true;
    serve([hook()], { 'GET /api/webhooks': () => (fail ? jsonResponse(500, { detail: 'Internal error' }) : jsonResponse(200, { items: [hook()] })) });
    openTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t(webhookTexts.loadFailed));
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your webhooks' })).toBeTruthy());
  });
});
