import { useCallback, useEffect, useRef, useState } from 'react';
import { mergePlanStatus } from '../../entities/billing/plan-status';
import {
  analyseCompany,
  fetchCompanyMap,
  scrapeCompany,
  searchCompany,
  validateServiceAccess,
} from './assessment-api';
import { runAssessment, runErrorFor, type RunCalls, type RunInput, type RunOutcome, type RunStep } from './assessment-run';

/** The real calls; the access check's answer is stored as plan status (plan, allowed, reason). */
export const liveRunCalls: RunCalls = {
  validateServiceAccess,
  searchCompany,
  scrapeCompany,
  fetchCompanyMap,
  analyseCompany,
  storeAccess: ({ plan, allowed, reason }) => mergePlanStatus({ plan, allowed, reason }),
};

export type RunState =
  | { phase: 'idle' }
  | { phase: 'running' | 'completed'; step: RunStep; startedAt: number; elapsedSeconds: number };

export interface RunHandlers {
  onSuccess(outcome: RunOutcome): void;
  /** `plans`: a plan is the way out (no credit left, access refused), so the toast links to the plans. */
  onError(message: string, description: string | null, plans: boolean): void;
}

/**
 * The progress of one run at a time: the current step, the elapsed seconds (ticking every
 * second while running) and the outcome. A failure resets the progress; leaving the screen
 * cancels the run in flight.
 */
export function useAssessmentRun(handlers: RunHandlers, calls: RunCalls = liveRunCalls) {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  const running = state.phase === 'running';
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => {
      setState((s) => (s.phase === 'running' ? { ...s, elapsedSeconds: Math.floor((Date.now() - s.startedAt) / 1000) } : s));
    }, 1000);
    return () => window.clearInterval(id);
  }, [running]);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (input: RunInput) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      const startedAt = Date.now();
      const elapsed = () => Math.floor((Date.now() - startedAt) / 1000);
      setState({ phase: 'running', step: 'validating', startedAt, elapsedSeconds: 0 });
      try {
        const outcome = await runAssessment(
          input,
          calls,
          (step) => {
            if (!abort.signal.aborted) setState({ phase: 'running', step, startedAt, elapsedSeconds: elapsed() });
          },
          abort.signal,
        );
        if (abort.signal.aborted) return;
        setState({ phase: 'completed', step: 'completed', startedAt, elapsedSeconds: elapsed() });
        handlersRef.current.onSuccess(outcome);
      } catch (err) {
        if (abort.signal.aborted) return;
        setState({ phase: 'idle' });
        const failure = runErrorFor('validating', err);
        if (!failure.silent) handlersRef.current.onError(failure.message, failure.description, failure.plans);
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [calls],
  );

  return { state, start };
}
