import { createStore } from './listeners';

/**
 * The visitor's cookie choice (EU ePrivacy/GDPR): analytics cookies are set only after an
 * explicit "Accept". The choice is kept in localStorage under `cookie_consent`.
 */
export const CONSENT_STORAGE_KEY = 'cookie_consent';
export type ConsentChoice = 'accepted' | 'rejected';

interface ConsentState {
  choice: ConsentChoice | null;
  /** The visitor asked to review the choice (footer "Cookie settings"). */
  settingsOpen: boolean;
}

function readStoredChoice(): ConsentChoice | null {
  try {
    const v = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return v === 'accepted' || v === 'rejected' ? v : null;
  } catch {
    // Storage can be blocked (private mode, strict settings): treat as "not decided yet".
    return null;
  }
}

let state: ConsentState | null = null;

function current(): ConsentState {
  state ??= { choice: readStoredChoice(), settingsOpen: false };
  return state;
}

const store = createStore(current);

function update(next: ConsentState): void {
  state = next;
  store.notify();
}

export function getConsent(): ConsentChoice | null {
  return current().choice;
}

export function setConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Not persisted; the choice still holds for this page view.
  }
  update({ choice, settingsOpen: false });
}

/** Re-opens the banner so the visitor can change an earlier choice. */
export function openConsentSettings(): void {
  update({ ...current(), settingsOpen: true });
}

export const subscribeConsent = store.subscribe;

export function useConsent(): ConsentState {
  return store.use();
}

/** Test hook: forget the cached state so the next read looks at localStorage again. */
export function resetConsentForTests(): void {
  state = null;
  store.clear();
}
