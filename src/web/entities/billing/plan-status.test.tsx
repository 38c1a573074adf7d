// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PLAN_STATUS_EVENT,
  PLAN_STATUS_KEY,
  mergePlanStatus,
  readPlanStatus,
  usePlanStatus,
  writePlanStatus,
} from './plan-status';

function Label() {
  const { label, status } = usePlanStatus();
  return (
    <p>
      <span data-testid="label">{label}</span>
      <span data-testid="credits">{status?.credits ?? 'none'}</span>
    </p>
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('plan_status storage', () => {
  it('reads nothing when nothing or garbage is stored', () => {
    expect(readPlanStatus()).toBeNull();
    localStorage.setItem(PLAN_STATUS_KEY, '{not json');
    expect(readPlanStatus()).toBeNull();
    localStorage.setItem(PLAN_STATUS_KEY, '"text"');
    expect(readPlanStatus()).toBeNull();
  });

  it('keeps only known, well-typed fields', () => {
    localStorage.setItem(PLAN_STATUS_KEY, JSON.stringify({ plan: 'basic_year', credits: '7', status: 'active', x: 1 }));
    expect(readPlanStatus()).toEqual({ plan: 'basic_year', status: 'active' });
  });

  it('writes JSON under plan_status and announces planStatusUpdated', () => {
    let events = 0;
    const onUpdate = () => (events += 1);
    window.addEventListener(PLAN_STATUS_EVENT, onUpdate);
    writePlanStatus({ plan: 'basic_month', credits: 12 });
    window.removeEventListener(PLAN_STATUS_EVENT, onUpdate);
    expect(JSON.parse(localStorage.getItem(PLAN_STATUS_KEY) ?? 'null')).toEqual({ plan: 'basic_month', credits: 12 });
    expect(events).toBe(1);
  });

  it('merges a partial update into the stored copy', () => {
    writePlanStatus({ plan: 'basic_year', credits: 40, status: 'active' });
    mergePlanStatus({ plan: 'basic_year', allowed: true, reason: null });
    expect(readPlanStatus()).toEqual({ plan: 'basic_year', credits: 40, status: 'active', allowed: true, reason: null });
  });
});

describe('usePlanStatus', () => {
  it('defaults to No Plan', () => {
    render(<Label />);
    expect(screen.getByTestId('label').textContent).toBe('No Plan');
  });

  it('refreshes on the planStatusUpdated event', () => {
    render(<Label />);
    act(() => writePlanStatus({ plan: 'basic_year', credits: 50 }));
    expect(screen.getByTestId('label').textContent).toBe('Basic (Yearly)');
    expect(screen.getByTestId('credits').textContent).toBe('50');
  });

  it('refreshes on a storage event from another tab', () => {
    render(<Label />);
    act(() => {
      // Another tab wrote the value: this tab only gets the storage event.
      localStorage.setItem(PLAN_STATUS_KEY, JSON.stringify({ plan: 'premium_month', credits: 3 }));
      window.dispatchEvent(new StorageEvent('storage', { key: PLAN_STATUS_KEY }));
    });
    expect(screen.getByTestId('label').textContent).toBe('Premium (Monthly)');
    act(() => {
      localStorage.removeItem(PLAN_STATUS_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(screen.getByTestId('label').textContent).toBe('No Plan');
  });

  it('ignores storage events for other keys', () => {
    render(<Label />);
    act(() => {
      localStorage.setItem(PLAN_STATUS_KEY, JSON.stringify({ plan: 'basic_month' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token' }));
    });
    expect(screen.getByTestId('label').textContent).toBe('No Plan');
  });
});
