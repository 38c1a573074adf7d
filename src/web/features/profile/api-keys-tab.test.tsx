// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../../shared/contracts/api-keys';
import { jsonResponse, renderRoute, type RecordedCall } from '../../../../test/web/auth-harness';
import { openProfileTab, serveList, signedInEachTest } from '../../../../test/web/profile-harness';
import { t } from '../../lib/i18n';
import { apiKeyTexts } from './api-keys-tab';
import { ProfilePage } from './profile-page';

const THIS_YEAR = new Date().getFullYear();
const SECRET = 'crk_AbCdEfGh0123456789abcdefghijklmnopqrstuvwxyZ1';

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Underwriting system',
  prefix: 'crk_Zz9Yy8Xx',
  created_at: new Date(THIS_YEAR, 0, 5, 9, 30).toISOString(),
  last_used_at: null,
  ...over,
});

/** A server holding `keys` in memory: list, create and revoke change it as the real one would. */
const serve = (initial: ApiKey[], extra: Record<string, (call: RecordedCall) => Response> = {}) =>
  serveList(
    '/api/api-keys',
    initial,
    (body) => {
      const { name } = body as { name: string };
      const made = key({ id: '22222222-2222-4222-8222-222222222222', name, prefix: SECRET.slice(0, 12), created_at: new Date().toISOString() });
      return { made, answer: { id: made.id, name, prefix: made.prefix, secret: SECRET } };
    },
    extra,
  );

const openTab = () => openProfileTab('api-keys');

signedInEachTest();

describe('API keys tab', () => {
  it('is a tab of Account Settings, reachable with the keyboard', async () => {
    serve([]);
    renderRoute('/profile', <ProfilePage />);
    screen.getByRole('tab', { name: 'Overview', selected: true }).focus();
    // Radix moves the focus on the next tick: one arrow at a time.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Plan & Billing', selected: true })).toBeTruthy());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'API keys', selected: true })).toBeTruthy());
    expect(await screen.findByText('No API keys yet. Create one to call the API from your own systems.')).toBeTruthy();
  });

  it('shows a loading state, then the keys: name, prefix, created, last used (never the secret)', async () => {
    const used = { created_at: new Date(THIS_YEAR, 1, 1, 8, 0).toISOString(), last_used_at: new Date(THIS_YEAR, 1, 3, 14, 5).toISOString() };
    serve([key(), key({ id: '33333333-3333-4333-8333-333333333333', name: 'Broker portal', prefix: 'crk_Qq1Ww2Ee', ...used })]);
    openTab();
    expect(screen.getByText('Loading API keys…')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Your API keys' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent).slice(0, 3))).toEqual([
      ['crk_Zz9Yy8Xx…', '5 Jan', 'Never'],
      ['crk_Qq1Ww2Ee…', '1 Feb', '3 Feb, 14:05'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Underwriting systemcrk_Zz9Yy8Xx…Created 5 Jan · Last used Never');
    expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
  });

  it('creates a key: the secret is shown once with a warning and a copy button, then the list has it', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = serve([]);
    openTab();
    await screen.findByText(/No API keys yet/);
    await userEvent.type(screen.getByLabelText('Key name'), 'Pricing engine');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const panel = await screen.findByRole('region', { name: 'Copy your new key “Pricing engine” now' });
    expect(within(panel).getByText(t(apiKeyTexts.onceWarning))).toBeTruthy();
    expect((within(panel).getByLabelText('New API key') as HTMLInputElement).value).toBe(SECRET);
    expect(await screen.findByText(t(apiKeyTexts.created))).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Pricing engine' });
    expect((screen.getByLabelText('Key name') as HTMLInputElement).value).toBe('');

    await userEvent.click(within(panel).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText(t(apiKeyTexts.copied))).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copied' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Your API keys' });
    expect(within(table).getByText('Pricing engine')).toBeTruthy();
    expect(table.textContent).not.toContain(SECRET);

    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New API key')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(document.activeElement).toBe(screen.getByLabelText('Key name'));
  });

  it('asks for a name before calling the server', async () => {
    const api = serve([]);
    openTab();
    await screen.findByText(/No API keys yet/);
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(t(apiKeyTexts.nameMissing))).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's reason when a key cannot be created", async () => {
    const detail = 'You have 10 API keys, the most one account may hold. Revoke one you no longer use first.';
    serve([], { 'POST /api/api-keys': () => jsonResponse(400, { detail, code: 'api_key_limit' }) });
    openTab();
    await screen.findByText(/No API keys yet/);
    await userEvent.type(screen.getByLabelText('Key name'), 'one more');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(screen.queryByLabelText('New API key')).toBeNull();
  });

  it('revokes after a confirmation; Cancel keeps the key', async () => {
    const api = serve([key()]);
    openTab();
    await screen.findByRole('table', { name: 'Your API keys' });

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Underwriting system' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Underwriting system”?' });
    expect(within(dialog).getByText(/Programs using the key crk_Zz9Yy8Xx… stop working at once/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Underwriting system' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText(t(apiKeyTexts.revoked))).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/api-keys/${key().id}`);
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('an error loading the keys says so, and Retry loads them again', async () => {
    let fail = true;
    serve([key()], {
      'GET /api/api-keys': () => (fail ? jsonResponse(500, { detail: 'Internal error' }) : jsonResponse(200, { items: [key()] })),
    });
    openTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t(apiKeyTexts.loadFailed));
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Your API keys' })).toBeTruthy());
  });
});
