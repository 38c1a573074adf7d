import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { SessionEndedError } from '../../lib/auth-fetch';
import { t } from '../../lib/i18n';
import { NoCompanyDataError, analysisQuery, type CallOptions } from './assessment-api';
import {
  ALMOST_READY_TEXT,
  RUN_STEPS,
  RunError,
  runAssessment,
  runErrorFor,
  stepText,
  timeoutMessage,
  type RunCalls,
  type RunStep,
} from './assessment-run';
import { companyFixture, resultFixture } from '../../../../test/web/report-fixtures';
import { notScreened } from '../../../shared/contracts/screening';

const map = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

function calls(over: Partial<RunCalls> = {}): RunCalls & { options: Record<string, CallOptions> } {
  const options: Record<string, CallOptions> = {};
  return {
    options,
    validateServiceAccess: async (o) => {
      options.validate = o;
      return { allowed: true, reason: '', plan: 'basic_year' };
    },
    searchCompany: async (_f, _c, o) => {
      options.search = o;
      return ['https://corisk.example/api/companies/link/abc'];
    },
    scrapeCompany: async (_l, o) => {
      options.scrape = o;
      return { company: companyFixture(), site: null };
    },
    fetchCompanyMap: async (_lat, _lon, o) => {
      options.map = o;
      return map;
    },
    analyseCompany: async (_i, o) => {
      options.analyse = o;
      return { result: resultFixture(), screening: notScreened };
    },
    storeAccess: () => {},
    ...over,
  };
}

const apiError = (status: number, body: Record<string, unknown> = {}) => new ApiError(status, body, true);
const fail = (err: unknown) => async () => {
  throw err;
};

async function failure(over: Partial<RunCalls>): Promise<RunError> {
  try {
    await runAssessment({ fiscalNumber: '500697256', country: 'Portugal' }, calls(over), () => {});
  } catch (err) {
    if (err instanceof RunError) return err;
    throw err;
  }
  throw new Error('the run did not fail');
}

describe('steps', () => {
  it('has the progress 10, 25, 35, 65, 80, 100', () => {
    expect(Object.fromEntries(Object.entries(RUN_STEPS).map(([k, v]) => [k, v.progress]))).toEqual({
      validating: 10,
      searching: 25,
      scraping: 35,
      mapping: 65,
      analysing: 80,
      completed: 100,
    });
  });

  it('runs the five calls in order with their time-outs (10/15/90/20/135 s) and passes the data along', async () => {
    const steps: RunStep[] = [];
    const c = calls();
    const search = vi.spyOn(c, 'searchCompany');
    const analyse = vi.spyOn(c, 'analyseCompany');
    const store = vi.spyOn(c, 'storeAccess');
    const outcome = await runAssessment({ fiscalNumber: ' PT500697256 ', country: 'Portugal' }, c, (s) => steps.push(s));

    expect(steps).toEqual(['validating', 'searching', 'scraping', 'mapping', 'analysing', 'completed']);
    expect(c.options.validate?.timeoutMs).toBe(10_000);
    expect(c.options.search?.timeoutMs).toBe(15_000);
    expect(c.options.scrape?.timeoutMs).toBe(90_000);
    expect(c.options.map?.timeoutMs).toBe(20_000);
    expect(c.options.analyse?.timeoutMs).toBe(135_000);
    expect(search).toHaveBeenCalledWith('PT500697256', 'Portugal', expect.anything());
    expect(analyse.mock.calls[0]![0]).toMatchObject({ fiscalNumber: 'PT500697256', country: 'Portugal', map });
    expect(store).toHaveBeenCalledWith({ allowed: true, reason: '', plan: 'basic_year' });
    expect(outcome.result.id).toBe(resultFixture().id);
  });

  it('places a typed site address through the scrape call and maps and analyses it there, the registered office kept', async () => {
    const c = calls();
    const scraped = { address: 'Otto-Hahn-Ring 6, 81739 München', latitude: 48.106, longitude: 11.646, precision: 'postal_code' as const };
    const scrape = vi.spyOn(c, 'scrapeCompany').mockResolvedValue({ company: companyFixture(), site: scraped });
    const mapAt = vi.spyOn(c, 'fetchCompanyMap');
    const analyse = vi.spyOn(c, 'analyseCompany');
    const outcome = await runAssessment({ fiscalNumber: 'DE129274202', country: 'Germany', siteAddress: ' Otto-Hahn-Ring 6, 81739 München ' }, c, () => {});
    expect(scrape.mock.calls[0]![2]).toBe('Otto-Hahn-Ring 6, 81739 München');
    expect(mapAt.mock.calls[0]!.slice(0, 2)).toEqual([48.106, 11.646]);
    expect(analyse.mock.calls[0]![0]).toMatchObject({ site: scraped, siteAddress: 'Otto-Hahn-Ring 6, 81739 München' });
    expect(outcome.site).toEqual(scraped);
    expect(outcome.company.address).toBe(companyFixture().address);
    expect([outcome.company.latitude, outcome.company.longitude]).toEqual([48.106, 11.646]);
  });

  it('a pin the user placed wins: mapped and analysed there with precision user', async () => {
    const c = calls();
    const mapAt = vi.spyOn(c, 'fetchCompanyMap');
    const analyse = vi.spyOn(c, 'analyseCompany');
    const outcome = await runAssessment({ fiscalNumber: 'PT500697256', country: 'Portugal', pin: { latitude: 38.8, longitude: -9.2 } }, c, () => {});
    expect(mapAt.mock.calls[0]!.slice(0, 2)).toEqual([38.8, -9.2]);
    expect(outcome.site).toEqual({ address: companyFixture().address, latitude: 38.8, longitude: -9.2, precision: 'user' });
    expect(analysisQuery(analyse.mock.calls[0]![0])).toContain('placed_by=user');
    expect(outcome.company.geocode_precision).toBe('user');
  });

  it("switches the step text to 'Almost ready!' after 90 s", () => {
    expect(stepText('analysing', 89)).toBe(t(RUN_STEPS.analysing.text));
    expect(stepText('analysing', 90)).toBe(t(ALMOST_READY_TEXT));
    expect(t(ALMOST_READY_TEXT)).toBe('Almost ready! Final analysis in progress...');
    expect(stepText('completed', 120)).toBe(t(RUN_STEPS.completed.text));
  });
});

describe('failures and their toasts', () => {
  it('marks the failures a plan solves (no credit, access refused), and only those', () => {
    expect(runErrorFor('analysing', apiError(402, { detail: 'No credits remaining.', code: 'no_credits' })).plans).toBe(true);
    expect(runErrorFor('analysing', apiError(403, { detail: 'No credits remaining.', code: 'no_credits' }))).toMatchObject({ plans: true, message: 'No credits remaining.' });
    expect(runErrorFor('validating', apiError(403, { detail: 'Denied', code: 'access_denied' })).plans).toBe(true);
    expect(runErrorFor('analysing', apiError(502, { detail: 'bad' })).plans).toBe(false);
    expect(runErrorFor('analysing', apiError(429, { detail: 'limit' })).plans).toBe(false);
    expect(runErrorFor('searching', new NetworkError('offline')).plans).toBe(false);
  });

  it("access refused: the server's reason, else 'Access denied'", async () => {
    const reason = 'No credits left. Upgrade your plan to run more assessments.';
    expect((await failure({ validateServiceAccess: async () => ({ allowed: false, reason, plan: '' }) })).message).toBe(reason);
    expect((await failure({ validateServiceAccess: async () => ({ allowed: false, reason: ' ', plan: '' }) })).message).toBe(
      'Access denied',
    );
    expect((await failure({ validateServiceAccess: fail(apiError(403, {})) })).message).toBe('Access denied');
  });

  it("search: 'Failed to search for company.' with the server's detail underneath", async () => {
    const err = await failure({ searchCompany: fail(apiError(404, { detail: 'No company with VAT number PT 999 was found in Portugal.' })) });
    expect(err.message).toBe('Failed to search for company.');
    expect(err.description).toBe('No company with VAT number PT 999 was found in Portugal.');
  });

  it("scrape: the detail, else 'Failed to scrape company data.'; empty data: 'No company data found.'", async () => {
    expect((await failure({ scrapeCompany: fail(apiError(400, { detail: 'This company link has expired.' })) })).message).toBe(
      'This company link has expired.',
    );
    expect((await failure({ scrapeCompany: fail(apiError(500)) })).message).toBe('Failed to scrape company data.');
    expect((await failure({ scrapeCompany: fail(new NoCompanyDataError()) })).message).toBe('No company data found.');
  });

  it("map: 'Failed to fetch company location map.'", async () => {
    expect((await failure({ fetchCompanyMap: fail(apiError(503)) })).message).toBe('Failed to fetch company location map.');
  });

  it('analysis: 429 user_message or Rate limit exceeded; 408 detail or the time-out text; other statuses by code', async () => {
    const hold = "Hold your horses! We're still tuning our engines for better performance.";
    const limited = await failure({
      analyseCompany: fail(apiError(429, { detail: 'You have reached the limit of 5 analyses per hour.', user_message: hold })),
    });
    expect(limited.message).toBe(hold);
    expect(limited.description).toBe('You have reached the limit of 5 analyses per hour.');
    expect((await failure({ analyseCompany: fail(apiError(429, {})) })).message).toBe('Rate limit exceeded');
    expect((await failure({ analyseCompany: fail(apiError(408, { detail: 'Analysis timed out - please try again' })) })).message).toBe(
      'Analysis timed out - please try again',
    );
    expect((await failure({ analyseCompany: fail(apiError(408)) })).message).toBe('Analysis timed out - please try again');
    expect((await failure({ analyseCompany: fail(apiError(502, { detail: 'The AI analysis returned an invalid answer.' })) })).message).toBe(
      'Failed to generate risk assessment. Status: 502',
    );
  });

  it("a step time-out says '{step} timed out after {seconds} seconds'", async () => {
    const timeout = () => fail(new DOMException('signal timed out', 'TimeoutError'));
    expect((await failure({ validateServiceAccess: timeout() })).message).toBe('Subscription validation timed out after 10 seconds');
    expect((await failure({ searchCompany: timeout() })).message).toBe('Company search timed out after 15 seconds');
    expect((await failure({ scrapeCompany: timeout() })).message).toBe('Company data scraping timed out after 90 seconds');
    expect((await failure({ fetchCompanyMap: timeout() })).message).toBe('Location map generation timed out after 20 seconds');
    expect((await failure({ analyseCompany: timeout() })).message).toBe('AI risk analysis timed out after 135 seconds');
    expect(timeoutMessage('analysing')).toBe('AI risk analysis timed out after 135 seconds');
  });

  it('a call that hangs fails at its step budget', async () => {
    vi.useFakeTimers();
    try {
      // Rejects like fetch with AbortSignal.timeout(timeoutMs) does, on the (fake) clock.
      const hanging: RunCalls['searchCompany'] = (_f, _c, o) =>
        new Promise((_resolve, reject) => {
          setTimeout(() => reject(new DOMException('signal timed out', 'TimeoutError')), o.timeoutMs ?? 0);
        });
      const run = failure({ searchCompany: hanging });
      let settled = false;
      void run.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(14_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await run).message).toBe('Company search timed out after 15 seconds');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays silent when the session ended (the session already said so) or the run was cancelled', async () => {
    expect((await failure({ searchCompany: fail(new SessionEndedError('Authentication required', 'session_expired')) })).silent).toBe(true);
    expect((await failure({ scrapeCompany: fail(new DOMException('aborted', 'AbortError')) })).silent).toBe(true);
  });

  it('a network failure says so', async () => {
    expect((await failure({ analyseCompany: fail(new NetworkError()) })).message).toBe('Network error. Please try again.');
    const search = await failure({ searchCompany: fail(new NetworkError()) });
    expect(search.message).toBe('Failed to search for company.');
    expect(search.description).toBe('Network error. Please try again.');
  });
});
