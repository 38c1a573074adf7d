import { useMemo, useSyncExternalStore } from 'react';
import { parsePlan, type BillingPeriod, type ParsedPlan } from '../../../shared/plans';
import { t } from '../../lib/i18n';
import { STORAGE_KEYS } from '../../lib/storage';
import { planTitle } from './plan-text';

/**
 * The browser's copy of the user's plan status: stored under
 * `plan_status` in persistent storage, kept on logout, and written by sign-in, the dashboard and
 * the assessment-access check. Every writer goes through `writePlanStatus`, which announces the
 * change with the custom window event `planStatusUpdated`; other tabs learn it from `storage`.
 *
 * Parsed by hand (no zod) because the navigation bar reads it on every page.
 */

export const PLAN_STATUS_KEY = STORAGE_KEYS.planStatus;
export const PLAN_STATUS_EVENT = 'planStatusUpdated';

const PERIOD_LABELS: Record<BillingPeriod, string> = { month: 'billing.period.monthly', year: 'billing.period.yearly' };

/**
 * A stored plan id in the active language: 'basic_year' → 'Basic (Yearly)'; unparseable or empty
 * → 'No Plan'. Call it while rendering.
 */
export function planStatusLabel(value: string | null | undefined): string {
  const plan = parsePlan(value);
  if (!plan) return t('billing.planStatus.noPlan');
  return t('billing.planStatus.label', { plan: planTitle(plan.tier), period: t(PERIOD_LABELS[plan.period]) });
}

/** What may be stored: each writer stores the fields it has (the dashboard a subset, the access check plan/allowed/reason). */
export interface StoredPlanStatus {
  plan?: string | null;
  allowed?: boolean;
  reason?: string | null;
  signup_credits?: number;
  credits?: number;
  limit_date?: string | null;
  end_date?: string | null;
  status?: string | null;
}

const optString = (v: unknown): string | null | undefined =>
  typeof v === 'string' ? v : v === null ? null : undefined;
const optNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Keeps the known fields with the right types; null when the value is not an object. */
export function parseStoredPlanStatus(raw: unknown): StoredPlanStatus | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const read = {
    plan: optString(r.plan),
    allowed: typeof r.allowed === 'boolean' ? r.allowed : undefined,
    reason: optString(r.reason),
    signup_credits: optNumber(r.signup_credits),
    credits: optNumber(r.credits),
    limit_date: optString(r.limit_date),
    end_date: optString(r.end_date),
    status: optString(r.status),
  } satisfies { [K in keyof Required<StoredPlanStatus>]: StoredPlanStatus[K] | undefined };
  // A field absent or of the wrong type is left out, not stored as undefined.
  return Object.fromEntries(Object.entries(read).filter(([, v]) => v !== undefined)) as StoredPlanStatus;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(PLAN_STATUS_KEY) ?? null;
  } catch {
    return null;
  }
}

function parseRaw(raw: string | null): StoredPlanStatus | null {
  if (raw === null) return null;
  try {
    return parseStoredPlanStatus(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The stored plan status, or null when nothing (valid) is stored. */
export function readPlanStatus(): StoredPlanStatus | null {
  return parseRaw(readRaw());
}

function announce(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(PLAN_STATUS_EVENT));
}

/** Stores the plan status (replacing the old copy) and dispatches `planStatusUpdated`. */
export function writePlanStatus(value: StoredPlanStatus): void {
  try {
    storage()?.setItem(PLAN_STATUS_KEY, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the screens still have the value they fetched.
  }
  announce();
}

/** Merges fields into the stored copy (e.g. the access check's plan/allowed/reason). */
export function mergePlanStatus(patch: StoredPlanStatus): void {
  writePlanStatus({ ...(readPlanStatus() ?? {}), ...patch });
}

/** Forgets the stored plan status (e.g. when a different user signs in). */
export function clearPlanStatus(): void {
  try {
    storage()?.removeItem(PLAN_STATUS_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
  announce();
}

function subscribe(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === PLAN_STATUS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(PLAN_STATUS_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(PLAN_STATUS_EVENT, listener);
  };
}

export interface PlanStatusView {
  status: StoredPlanStatus | null;
  plan: ParsedPlan | null;
  /** 'Basic (Yearly)' or 'No Plan', in the active language. */
  label: string;
}

type StoredView = Omit<PlanStatusView, 'label'>;

let lastRaw: string | null | undefined;
let lastView: StoredView = { status: null, plan: null };

function snapshot(): StoredView {
  const raw = readRaw();
  if (raw !== lastRaw) {
    const status = parseRaw(raw);
    lastRaw = raw;
    lastView = { status, plan: parsePlan(status?.plan) };
  }
  return lastView;
}

const serverSnapshot: StoredView = { status: null, plan: null };

/**
 * The cached plan status and its label; re-renders on `storage` events (other tabs) and on the
 * custom `planStatusUpdated` event (this tab).
 */
export function usePlanStatus(): PlanStatusView {
  const view = useSyncExternalStore(subscribe, snapshot, () => serverSnapshot);
  // The label is worded while rendering (the app renders anew in another language).
  return useMemo(() => ({ ...view, label: planStatusLabel(view.status?.plan) }), [view]);
}
