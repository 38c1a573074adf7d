import type { OperatorIdentity, OutsideService, PublicConfig } from '../../shared/contracts/common';
import { NO_OPERATOR } from '../../shared/operator';
import { outsideServiceIds } from '../../shared/outside-services';
import { createStore } from './listeners';

/**
 * Runtime configuration published by the server (src/server/plugins/web.ts puts it in
 * `<meta name="app-config">` of index.html; GET /api/config serves the same object).
 *
 * Parsed by hand against the shared `PublicConfig` type rather than with the zod schema: the
 * shell reads it before first paint and zod would add tens of KB to the landing page's JS.
 * Unknown or malformed fields fall back to the defaults below (a unit test keeps the two in step
 * with `publicConfigSchema`).
 */

export function defaultConfig(): PublicConfig {
  return {
    productName: 'Corisk',
    version: '0.0.0',
    appUrl: typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin,
    contactEmailInfo: 'info@corisk.eu',
    contactEmailSupport: 'support@corisk.eu',
    gaMeasurementId: null,
    billingMode: 'test',
    devTools: false,
    operator: { ...NO_OPERATOR },
    outsideServices: [],
  };
}

const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v.length > 0 ? v : fallback);

const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function parseOperator(raw: unknown, d: OperatorIdentity): OperatorIdentity {
  if (typeof raw !== 'object' || raw === null) return d;
  const r = raw as Record<string, unknown>;
  return {
    name: strOrNull(r.name),
    address: strOrNull(r.address),
    register: strOrNull(r.register),
    vatId: strOrNull(r.vatId),
    email: strOrNull(r.email),
    representative: strOrNull(r.representative),
    dpoEmail: strOrNull(r.dpoEmail),
  };
}

const serviceIds: ReadonlySet<string> = new Set(outsideServiceIds);

function parseOutsideServices(raw: unknown): OutsideService[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown): OutsideService[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, host } = item as Record<string, unknown>;
    if (typeof id !== 'string' || !serviceIds.has(id)) return [];
    return [{ id: id as OutsideService['id'], host: strOrNull(host) }];
  });
}

/** Merges an untrusted object onto the defaults, field by field. */
export function parsePublicConfig(raw: unknown): PublicConfig {
  const d = defaultConfig();
  if (typeof raw !== 'object' || raw === null) return d;
  const r = raw as Record<string, unknown>;
  return {
    productName: str(r.productName, d.productName),
    version: str(r.version, d.version),
    appUrl: str(r.appUrl, d.appUrl).replace(/\/+$/, ''),
    contactEmailInfo: str(r.contactEmailInfo, d.contactEmailInfo),
    contactEmailSupport: str(r.contactEmailSupport, d.contactEmailSupport),
    gaMeasurementId: typeof r.gaMeasurementId === 'string' && r.gaMeasurementId.length > 0 ? r.gaMeasurementId : null,
    billingMode: r.billingMode === 'stripe' ? 'stripe' : d.billingMode,
    devTools: typeof r.devTools === 'boolean' ? r.devTools : d.devTools,
    operator: parseOperator(r.operator, d.operator),
    outsideServices: parseOutsideServices(r.outsideServices),
  };
}

/** The config from the meta tag, or null when the page was not served by our server (vite dev). */
function readMetaConfig(): PublicConfig | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!content) return null;
  try {
    return parsePublicConfig(JSON.parse(content));
  } catch {
    return null;
  }
}

let current: PublicConfig | null = null;
let fromServer = false;
const store = createStore(getPublicConfig);

function setConfig(next: PublicConfig, server: boolean): void {
  current = next;
  fromServer = server;
  store.notify();
}

/** Synchronous read: the server's config when available, safe defaults otherwise. */
export function getPublicConfig(): PublicConfig {
  if (current === null) {
    const meta = readMetaConfig();
    current = meta ?? defaultConfig();
    fromServer = meta !== null;
  }
  return current;
}

let loading: Promise<PublicConfig> | null = null;

/**
 * Resolves the server's config: the meta tag when present, else GET /api/config (vite dev, or a
 * page cached without the tag). On failure it keeps the defaults.
 */
export function loadPublicConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  const now = getPublicConfig();
  if (fromServer) return Promise.resolve(now);
  loading ??= fetchImpl('/api/config', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`GET /api/config answered ${res.status}`);
      const next = parsePublicConfig(await res.json());
      setConfig(next, true);
      return next;
    })
    .catch(() => {
      loading = null;
      return getPublicConfig();
    });
  return loading;
}

/** Uses `config` from now on, as the server's: the server-side render of a page (prerender.tsx). */
export function providePublicConfig(config: PublicConfig): void {
  setConfig(config, true);
}

export const subscribePublicConfig = store.subscribe;

/** The public config, re-rendering when the /api/config fallback arrives. */
export function usePublicConfig(): PublicConfig {
  return store.use();
}

/** Test hook: forget the cached config so the next read looks at the DOM again. */
export function resetPublicConfigForTests(): void {
  current = null;
  fromServer = false;
  loading = null;
}
