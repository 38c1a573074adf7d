// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfigSchema } from '../../shared/contracts/common';
import { NO_OPERATOR } from '../../shared/operator';
import { getPublicConfig, loadPublicConfig, parsePublicConfig, resetPublicConfigForTests } from './public-config';
import { installPublicConfig } from '../../../test/web/test-config';

afterEach(() => {
  document.head.innerHTML = '';
  resetPublicConfigForTests();
});

describe('public config', () => {
  it('reads the config the server put in the meta tag', () => {
    installPublicConfig({ productName: 'Corisk', gaMeasurementId: 'G-TEST123', billingMode: 'stripe' });
    const config = getPublicConfig();
    expect(config.gaMeasurementId).toBe('G-TEST123');
    expect(config.billingMode).toBe('stripe');
    expect(config.appUrl).toBe('https://corisk.example');
  });

  it('falls back to safe defaults that satisfy the shared contract when the tag is missing', () => {
    const config = getPublicConfig();
    expect(publicConfigSchema.safeParse(config).success).toBe(true);
    expect(config.productName).toBe('Corisk');
    expect(config.gaMeasurementId).toBeNull();
    expect(config.appUrl).toBe(window.location.origin);
  });

  it('keeps defaults for malformed fields and agrees with the zod schema on valid input', () => {
    const parsed = parsePublicConfig({ productName: 42, gaMeasurementId: '', devTools: 'yes', billingMode: 'paypal' });
    expect(parsed.productName).toBe('Corisk');
    expect(parsed.gaMeasurementId).toBeNull();
    expect(parsed.devTools).toBe(false);
    expect(parsed.billingMode).toBe('test');
    const valid = {
      productName: 'Corisk',
      version: '1.0.0',
      appUrl: 'https://app.example',
      contactEmailInfo: 'info@x.eu',
      contactEmailSupport: 'support@x.eu',
      gaMeasurementId: 'G-1',
      billingMode: 'stripe' as const,
      devTools: true,
      operator: {
        name: 'Corisk Operations GmbH',
        address: 'Musterstraße 1, 80331 München',
        register: 'Amtsgericht München, HRB 1',
        vatId: 'DE123456789',
        email: 'legal@x.eu',
        representative: null,
        dpoEmail: 'dpo@x.eu',
      },
      outsideServices: [
        { id: 'stripe' as const, host: 'api.stripe.com' },
        { id: 'postgresql' as const, host: null },
      ],
    };
    expect(parsePublicConfig(valid)).toEqual(publicConfigSchema.parse(valid));
  });

  it('reads the operator field by field and keeps only known outside services', () => {
    const parsed = parsePublicConfig({
      operator: { name: 'Op Ltd', address: 42, email: '', vatId: 'DE1' },
      outsideServices: [{ id: 'stripe', host: 'api.stripe.com' }, { id: 'carrier-pigeon', host: 'x' }, 'smtp', { id: 'redis', host: 7 }],
    });
    expect(parsed.operator).toEqual({ ...NO_OPERATOR, name: 'Op Ltd', vatId: 'DE1' });
    expect(parsed.outsideServices).toEqual([
      { id: 'stripe', host: 'api.stripe.com' },
      { id: 'redis', host: null },
    ]);
    expect(parsePublicConfig({ operator: 'nobody', outsideServices: {} })).toMatchObject({
      operator: { name: null, address: null, email: null },
      outsideServices: [],
    });
  });

  it('ignores an unparsable meta tag', () => {
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'app-config');
    meta.setAttribute('content', '{not json');
    document.head.appendChild(meta);
    expect(getPublicConfig().productName).toBe('Corisk');
  });

  it('fetches /api/config when the page has no meta tag, and not when it has one', async () => {
    const body = { ...getPublicConfig(), gaMeasurementId: 'G-FROMAPI' };
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
    const loaded = await loadPublicConfig(fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith('/api/config', expect.anything());
    expect(loaded.gaMeasurementId).toBe('G-FROMAPI');
    expect(getPublicConfig().gaMeasurementId).toBe('G-FROMAPI');

    installPublicConfig();
    const second = vi.fn();
    await loadPublicConfig(second as unknown as typeof fetch);
    expect(second).not.toHaveBeenCalled();
  });

  it('keeps the defaults when /api/config fails', async () => {
    const fetchImpl = vi.fn(async () => new Response('nope', { status: 500 }));
    const loaded = await loadPublicConfig(fetchImpl as unknown as typeof fetch);
    expect(loaded.productName).toBe('Corisk');
    expect(loaded.gaMeasurementId).toBeNull();
  });
});
