// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RiskAssessmentResult } from '../../../shared/contracts/assessment';
import { notScreened } from '../../../shared/contracts/screening';
import type { Analysis } from './assessment-api';
import { t } from '../../lib/i18n';
import { ALMOST_READY_TEXT, stepText, type RunCalls } from './assessment-run';
import { companyFixture, resultFixture } from '../../../../test/web/report-fixtures';
import { useAssessmentRun } from './use-assessment-run';

afterEach(() => vi.useRealTimers());

function slowAnalysis() {
  let finish: (r: Analysis) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const calls: RunCalls = {
    validateServiceAccess: async () => ({ allowed: true, reason: '', plan: '' }),
    searchCompany: async () => ['link'],
    scrapeCompany: async () => ({ company: companyFixture(), site: null }),
    fetchCompanyMap: async () => new Blob(['png'], { type: 'image/png' }),
    analyseCompany: () =>
      new Promise<Analysis>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      }),
    storeAccess: () => {},
  };
  return { calls, finish: (r: RiskAssessmentResult) => finish({ result: r, screening: notScreened }), fail: (e: unknown) => fail(e) };
}

describe('useAssessmentRun', () => {
  it('counts the elapsed seconds while the analysis runs, then completes at 100 %', async () => {
    vi.useFakeTimers();
    const slow = slowAnalysis();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useAssessmentRun({ onSuccess, onError: vi.fn() }, slow.calls));

    await act(async () => {
      void result.current.start({ fiscalNumber: '500697256', country: 'Portugal' });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current.state).toMatchObject({ phase: 'running', step: 'analysing', elapsedSeconds: 0 });

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(result.current.state).toMatchObject({ phase: 'running', elapsedSeconds: 30 });

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const s = result.current.state;
    expect(s.phase === 'running' && stepText(s.step, s.elapsedSeconds)).toBe(t(ALMOST_READY_TEXT));

    await act(async () => {
      slow.finish(resultFixture());
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current.state).toMatchObject({ phase: 'completed', step: 'completed' });
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ result: resultFixture() }));
  });

  it('resets the progress and reports the message when a step fails', async () => {
    const slow = slowAnalysis();
    const onError = vi.fn();
    const { result } = renderHook(() => useAssessmentRun({ onSuccess: vi.fn(), onError }, slow.calls));
    await act(async () => {
      const run = result.current.start({ fiscalNumber: '500697256', country: 'Portugal' });
      await Promise.resolve();
      await new Promise((r) => setTimeout(r, 0));
      slow.fail(new DOMException('signal timed out', 'TimeoutError'));
      await run;
    });
    expect(result.current.state).toEqual({ phase: 'idle' });
    expect(onError).toHaveBeenCalledWith('AI risk analysis timed out after 135 seconds', null, false);
  });

  it('runs one assessment at a time', async () => {
    const slow = slowAnalysis();
    const search = vi.spyOn(slow.calls, 'searchCompany');
    const { result } = renderHook(() => useAssessmentRun({ onSuccess: vi.fn(), onError: vi.fn() }, slow.calls));
    await act(async () => {
      void result.current.start({ fiscalNumber: '1', country: 'Portugal' });
      void result.current.start({ fiscalNumber: '2', country: 'Portugal' });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(search).toHaveBeenCalledTimes(1);
  });
});
