// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isolateTests } from '../../../../test/web/isolate-tests';
import { AssessmentPage } from './assessment-page';
import { ProgressPanel } from './progress-panel';
import { companyFixture, matchScreeningFixture, resultFixture, screeningFixture } from '../../../../test/web/report-fixtures';
import { USAGE_STORAGE_KEY } from './usage-limiter';
import { gradeLabel } from '../../../shared/scoring';
import { notScreened } from '../../../shared/contracts/screening';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const png = () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), { headers: { 'content-type': 'image/png' } });

interface Call {
  method: string;
  path: string;
  search: string;
  body: BodyInit | null | undefined;
}
type Handler = (call: Call) => Response | Promise<Response>;

const planStatus = (plan = '') => ({
  plan,
  allowed: true,
  reason: '',
  signup_credits: plan ? 0 : 3,
  credits: plan ? 90 : 3,
  limit_date: null,
  end_date: null,
  status: plan ? 'active' : 'none',
});

const SAMPLES = [
  { name: 'EDP, S.A.', fiscal_number: 'PT500697256', country: 'Portugal' },
  { name: 'Red Bull GmbH', fiscal_number: 'ATU33864707', country: 'Austria' },
];

/** Every call of a successful run, plus the page's own loads; override per test. */
function api(over: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    'GET /api/stripe/plan-status': () => json(planStatus()),
    'GET /api/companies/samples': () => json(SAMPLES),
    'POST /api/stripe/validate-service-access': () => json({ allowed: true, reason: '', plan: '' }),
    'GET /api/search/company/PT500697256-Portugal': () => json({ links: ['https://x.test/api/companies/link/1'] }),
    'POST /api/scrape/company': () => json({ company_data: companyFixture() }),
    'POST /api/maps/company': () => png(),
    'POST /api/openai/company': () => json(resultFixture()),
    ...over,
  };
  const calls: Call[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: (init.method ?? 'GET').toUpperCase(), path: url.pathname, search: url.search, body: init.body };
    calls.push(call);
    const handler = handlers[`${call.method} ${decodeURIComponent(call.path)}`];
    return handler ? handler(call) : json({ detail: `No handler for ${call.method} ${call.path}` }, 404);
  };
  vi.stubGlobal('fetch', fetchImpl);
  return calls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderPage(url = '/products/risk-assessment') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/products/risk-assessment',
        element: (
          <>
            <AssessmentPage />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

const location = () => screen.getByTestId('location').textContent;

isolateTests({ config: true, signedIn: true });
beforeEach(async () => {
  // jsdom's FormData refuses the Blob of Node's fetch Response; use Node's own FormData, as a
  // browser's FormData takes its own Blob.
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
  vi.stubGlobal('FormData', NodeFormData);
  URL.createObjectURL = vi.fn(() => 'blob:map-1');
  URL.revokeObjectURL = vi.fn();
  Element.prototype.scrollIntoView = vi.fn(); // not in jsdom
});

describe('the assessment form', () => {
  it('defaults to Portugal and lists the 27 EU countries by name after the placeholder', async () => {
    api();
    renderPage();
    const select = screen.getByLabelText(/Company Location/) as HTMLSelectElement;
    expect(select.value).toBe('Portugal');
    const options = within(select).getAllByRole('option');
    expect(options[0]?.textContent).toBe('Select a country');
    expect(options).toHaveLength(28);
    expect(options.map((o) => (o as HTMLOptionElement).value)).toContain('Czech Republic');
    expect(screen.getByRole('link', { name: /Assess a portfolio/ }).getAttribute('href')).toBe('/portfolio');
  });

  it("says 'Missing fiscal number or location' and sends nothing without a fiscal number", async () => {
    const calls = api();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    expect(await screen.findByText('Missing fiscal number or location')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/stripe/validate'))).toBe(false);
  });

  it('fills both fields from a sample company chip', async () => {
    api();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Red Bull GmbH/ }));
    expect((screen.getByLabelText(/Company Fiscal Number/) as HTMLInputElement).value).toBe('ATU33864707');
    expect((screen.getByLabelText(/Company Location/) as HTMLSelectElement).value).toBe('Austria');
  });

  it('disables Generate and shows the wait while 5 requests of the last hour are stored', async () => {
    const now = Date.now();
    localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify([1, 2, 3, 4, 5].map((m) => now - m * 60_000)));
    api();
    renderPage();
    expect((screen.getByRole('button', { name: /Generate Risk Assessment/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Usage limit reached: 5 assessments per hour. Please wait 55 minutes/)).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Assessments used this hour' }).getAttribute('data-colour')).toBe('red');
  });
});

describe('the site type', () => {
  it('offers the six site types after "Typical for the activity", labelled and reachable by keyboard', async () => {
    api();
    renderPage();
    const select = screen.getByLabelText('Site type') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Typical for the activity',
      'Office',
      'Warehouse',
      'Plant',
      'Retail',
      'Construction site',
      'Other',
    ]);
    expect(select.getAttribute('aria-describedby')).toBe('site-type-hint');
    select.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.selectOptions(select, 'office');
    expect(select.value).toBe('office');
  });

  it('sends the chosen type with the analysis and shows it on the report as chosen', async () => {
    const calls = api({
      'POST /api/openai/company': () => json({ ...resultFixture(), site_type: 'office', site_type_assumed: false }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.selectOptions(screen.getByLabelText('Site type'), 'office');
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    const report = await screen.findByRole('article', { name: 'Your Risk Assessment Report' });
    expect(within(report).getByText('Office (chosen)')).toBeTruthy();
    const analysis = calls.find((c) => c.path === '/api/openai/company')!;
    expect(new URLSearchParams(analysis.search).get('site_type')).toBe('office');
  });

  it('sends no type by default, and the report says which one was assumed', async () => {
    const calls = api({
      'POST /api/openai/company': () => json({ ...resultFixture(), site_type: 'plant', site_type_assumed: true }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    const report = await screen.findByRole('article', { name: 'Your Risk Assessment Report' });
    expect(within(report).getByText('Plant (assumed from the activity)')).toBeTruthy();
    const analysis = calls.find((c) => c.path === '/api/openai/company')!;
    expect(new URLSearchParams(analysis.search).has('site_type')).toBe(false);
  });
});

describe('a run', () => {
  it('goes through the calls, records the usage, toasts and shows the report with every block', async () => {
    const calls = api();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));

    expect(await screen.findByText('Successfully generated risk assessment.')).toBeTruthy();
    const report = await screen.findByRole('article', { name: 'Your Risk Assessment Report' });
    const r = within(report);
    expect(r.getByText(resultFixture().id)).toBeTruthy();
    expect(r.getByText('5 Mar, 2025')).toBeTruthy();
    const company = within(r.getByRole('region', { name: 'Company Data' }));
    for (const value of ['Avenida 24 de Julho, 12, 1249-300 Lisboa', '500697256', '1249-300', '38.70694', '-9.15201']) {
      expect(company.getByText(value)).toBeTruthy();
    }
    // The assessed site beside it: here the registered office, as the geocoder placed it.
    const site = within(r.getByRole('region', { name: 'Assessed Site' }));
    for (const value of ['Avenida 24 de Julho, 12, 1249-300 Lisboa', '38.70694', '-9.15201']) {
      expect(site.getByText(value)).toBeTruthy();
    }
    expect((r.getByRole('img', { name: 'Location map of EDP, S.A.' }) as HTMLImageElement).src).toBe('blob:map-1');
    expect(r.getByRole('heading', { name: 'Overall Risk Score' })).toBeTruthy();
    expect(r.getAllByText(gradeLabel(resultFixture().overallScoreGrade)).length).toBeGreaterThan(0);
    for (const name of ['Flood', 'Earthquake', 'Wildfire', 'Crime/theft', 'Property/fire', 'Cyber', 'Regulatory']) {
      expect(r.getByRole('heading', { name })).toBeTruthy();
    }
    expect(r.getByText('Distance to the Tagus estuary 0.6 km')).toBeTruthy();
    expect(r.getAllByText('Very High (5/5)').length).toBeGreaterThan(0);
    expect(r.getByRole('meter', { name: 'Average location risk' })).toBeTruthy();
    expect(r.getByRole('meter', { name: 'Average industry risk' })).toBeTruthy();
    expect(r.getByText(/Review flood cover/)).toBeTruthy();
    expect(r.getByRole('note').textContent).toMatch(/Sample data/);
    expect(r.getAllByRole('button', { name: /Download Full Report \(PDF\)/ }).length).toBeGreaterThan(0);

    expect(screen.getByRole('progressbar', { name: 'Assessment progress' }).getAttribute('aria-valuenow')).toBe('100');
    expect(JSON.parse(localStorage.getItem(USAGE_STORAGE_KEY)!)).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('plan_status')!)).toMatchObject({ allowed: true });

    const order = calls.map((c) => `${c.method} ${c.path}`).filter((c) => !/samples|plan-status/.test(c));
    expect(order).toEqual([
      'POST /api/stripe/validate-service-access',
      'GET /api/search/company/PT500697256-Portugal',
      'POST /api/scrape/company',
      'POST /api/maps/company',
      'POST /api/openai/company',
    ]);
    const analysis = calls.find((c) => c.path === '/api/openai/company')!;
    expect(Object.fromEntries(new URLSearchParams(analysis.search))).toEqual({
      company: 'PT500697256',
      location: 'Portugal',
      company_name: 'EDP, S.A.',
      address: 'Avenida 24 de Julho, 12, 1249-300 Lisboa',
      latitude: '38.70694',
      longitude: '-9.15201',
      // The page's language: the answer is written in it, as the cache keys it.
      lang: 'en',
    });
    expect(analysis.body).toBeInstanceOf(FormData);
    expect((analysis.body as FormData).get('image')).toMatchObject({ name: 'map.png', type: 'image/png', size: 8 });
  });

  it('revokes the map URL when the report goes', async () => {
    api();
    const view = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    await screen.findByRole('article', { name: 'Your Risk Assessment Report' });
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:map-1');
  });

  it.each([
    ['access refused', { 'POST /api/stripe/validate-service-access': () => json({ allowed: false, reason: 'No credits left', plan: '' }) }, 'No credits left'],
    [
      'unknown company',
      { 'GET /api/search/company/PT500697256-Portugal': () => json({ detail: 'No company with VAT number PT 500697256 was found in Portugal.' }, 404) },
      'Failed to search for company.',
    ],
    ['scrape failure', { 'POST /api/scrape/company': () => json({ detail: 'This company link has expired.' }, 400) }, 'This company link has expired.'],
    ['empty scrape', { 'POST /api/scrape/company': () => json({ company_data: null }) }, 'No company data found.'],
    ['map failure', { 'POST /api/maps/company': () => json({ detail: 'down' }, 503) }, 'Failed to fetch company location map.'],
    [
      'rate limited',
      { 'POST /api/openai/company': () => json({ detail: 'limit', user_message: "Hold your horses! We're still tuning our engines for better performance." }, 429) },
      "Hold your horses! We're still tuning our engines for better performance.",
    ],
    ['analysis timeout', { 'POST /api/openai/company': () => json({ detail: 'Analysis timed out - please try again' }, 408) }, 'Analysis timed out - please try again'],
    ['analysis failure', { 'POST /api/openai/company': () => json({ detail: 'bad' }, 502) }, 'Failed to generate risk assessment. Status: 502'],
  ] as const)('%s: toast, progress reset, no report, no usage recorded', async (_name, over, message) => {
    api(over);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('article', { name: 'Your Risk Assessment Report' })).toBeNull();
    expect(localStorage.getItem(USAGE_STORAGE_KEY)).toBeNull();
    expect((screen.getByRole('button', { name: /Generate Risk Assessment/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('puts the new report in the URL (the cache keeps it); Back returns to the empty form', async () => {
    const calls = api();
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    await screen.findByRole('article', { name: 'Your Risk Assessment Report' });
    expect(location()).toBe(`/products/risk-assessment?report=${resultFixture().id}`);
    expect(router.state.historyAction).toBe('PUSH');
    // The report on screen is the one just made: not asked of the server again.
    expect(calls.some((c) => c.path.startsWith('/api/reports/'))).toBe(false);
    await router.navigate(-1);
    await waitFor(() => expect(location()).toBe('/products/risk-assessment'));
    expect(screen.queryByRole('article', { name: 'Your Risk Assessment Report' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Risk assessment' })).toBeTruthy();
  });

  it('refused for want of credits: the toast offers the plans', async () => {
    api({
      'POST /api/stripe/validate-service-access': () =>
        json({ allowed: false, reason: 'Your free trial credits are used up. Subscribe to a plan to run more assessments.', plan: '' }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    const toast = (await screen.findByText(/free trial credits are used up/)).closest('[data-sonner-toast]') as HTMLElement;
    // A plain click: sonner's pointer capture on the toast is not in jsdom.
    fireEvent.click(within(toast).getByRole('button', { name: 'View plans' }));
    await waitFor(() => expect(location()).toBe('/products'));
  });

  it('a 402 from the analysis (the last credit spent elsewhere) offers the plans too', async () => {
    api({ 'POST /api/openai/company': () => json({ detail: 'No credits remaining. Upgrade your plan to run more assessments.', code: 'no_credits' }, 402) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    const toast = (await screen.findByText('No credits remaining. Upgrade your plan to run more assessments.')).closest('[data-sonner-toast]') as HTMLElement;
    expect(within(toast).getByRole('button', { name: 'View plans' })).toBeTruthy();
  });

  it('shows the server detail of an unknown company under the toast', async () => {
    api({
      'GET /api/search/company/PT500697256-Portugal': () =>
        json({ detail: 'No company with VAT number PT 500697256 was found in Portugal.' }, 404),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    expect((await screen.findAllByText('No company with VAT number PT 500697256 was found in Portugal.')).length).toBeGreaterThan(0);
  });
});

describe('progress panel', () => {
  it('shows step text, percentage and elapsed seconds; the hint after 30 s; Almost ready after 90 s', () => {
    const { rerender } = render(<ProgressPanel step="scraping" elapsedSeconds={29} done={false} />);
    expect(screen.getByText('Scraping company data...')).toBeTruthy();
    expect(screen.getByText('35%')).toBeTruthy();
    expect(screen.getByText(/Elapsed: 29s/)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('35');
    expect(screen.queryByText('This is taking longer than usual. Please be patient...')).toBeNull();

    rerender(<ProgressPanel step="analysing" elapsedSeconds={30} done={false} />);
    expect(screen.getByText('This is taking longer than usual. Please be patient...')).toBeTruthy();
    expect(screen.getByText(/Running AI risk analysis/)).toBeTruthy();

    rerender(<ProgressPanel step="analysing" elapsedSeconds={90} done={false} />);
    expect(screen.getByText('Almost ready! Final analysis in progress...')).toBeTruthy();
  });
});

describe('the credit balance', () => {
  it('says how many credits are left', async () => {
    api({ 'GET /api/stripe/plan-status': () => json({ ...planStatus('basic_year'), credits: 42 }) });
    renderPage();
    expect(await screen.findByText('42 credits left')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Generate Risk Assessment/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('with none left: Generate is disabled, the reason beside it with a link to the plans', async () => {
    const reason = 'Your free trial credits are used up. Subscribe to a plan to run more assessments.';
    api({ 'GET /api/stripe/plan-status': () => json({ ...planStatus(), credits: 0, signup_credits: 0, allowed: false, reason }) });
    renderPage();
    const note = await screen.findByText(/No credits left\./);
    expect(note.textContent).toContain(reason);
    const button = screen.getByRole('button', { name: /Generate Risk Assessment/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toContain(reason);
    expect(within(note.closest('p')!).getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/products');
  });
});

describe('arriving on the page', () => {
  it('after checkout: toast and the purchase parameters cleared', async () => {
    api({ 'GET /api/stripe/plan-status': () => json(planStatus('basic_year')) });
    renderPage('/products/risk-assessment?payment_success=true&plan=basic&period=year&price=490');
    expect(await screen.findByText('Successfully subscribed to Basic plan! You can now use the risk assessment tool.')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/products/risk-assessment'));
  });

  it("sends a plan that does not include basic to its own plan's tool", async () => {
    api({ 'GET /api/stripe/plan-status': () => json(planStatus('premium_year')) });
    renderPage();
    await waitFor(() => expect(location()).toBe('/products/premium-assessment'));
  });

  it('keeps free-trial and basic users on the tool', async () => {
    api({ 'GET /api/stripe/plan-status': () => json(planStatus('basic_month')) });
    renderPage();
    await screen.findByRole('button', { name: /EDP, S.A./ });
    expect(location()).toBe('/products/risk-assessment');
  });

  it("a portfolio row's report: the way back to its portfolio, by name, and no empty form", async () => {
    const result = resultFixture({ id: 'rpt_row' });
    const portfolioId = '7f1d3c52-5a7e-4c1b-9a51-1f0c2d9e8b01';
    api({
      'GET /api/reports/rpt_row': () => json({ company_data: companyFixture({ sample: false }), result, screening: notScreened }),
      'GET /api/reports/rpt_row/map.png': () => png(),
      [`GET /api/portfolios/${portfolioId}`]: () =>
        json({ id: portfolioId, name: 'Book Q4', status: 'done', total: 1, done: 1, failed: 0, created_at: '2026-11-01T10:00:00.000Z', finished_at: null, started_at: null, eta_seconds: null, rows: [] }),
    });
    renderPage(`/products/risk-assessment?report=rpt_row&portfolio=${portfolioId}`);
    const back = await screen.findByRole('link', { name: 'Back to portfolio Book Q4' });
    expect(back.getAttribute('href')).toBe(`/portfolio/${portfolioId}`);
    expect(await screen.findByRole('article', { name: 'Your Risk Assessment Report' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Risk assessment' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New single assessment' }).getAttribute('href')).toBe('/products/risk-assessment');
  });

  it('reopens a stored report from ?report=<id>', async () => {
    const result = resultFixture({ id: 'rpt_reopened' });
    api({
      'GET /api/reports/rpt_reopened': () => json({ company_data: companyFixture({ sample: false }), result, screening: notScreened }),
      'GET /api/reports/rpt_reopened/map.png': () => png(),
    });
    renderPage('/products/risk-assessment?report=rpt_reopened');
    const report = await screen.findByRole('article', { name: 'Your Risk Assessment Report' });
    expect(within(report).getByText('rpt_reopened')).toBeTruthy();
    expect(within(report).queryByRole('note')).toBeNull();
    await waitFor(() => expect(within(report).getByRole('img', { name: /Location map/ })).toBeTruthy());
  });
});

describe('the sanctions screening on the page', () => {
  it('shows the screening the analysis answered beside its result, right after the run', async () => {
    api({ 'POST /api/openai/company': () => json({ ...resultFixture(), screening: matchScreeningFixture() }) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    const report = await screen.findByRole('article', { name: 'Your Risk Assessment Report' });
    const banner = within(report).getByRole('region', { name: 'Sanctions match: cover must not be given without a licence' });
    // The report is stored under the result's id: its open hit can be decided at once.
    const hit = within(banner).getByRole('listitem', { name: 'ООО Роснефтегаз Трейдинг' });
    expect(within(hit).getByRole('button', { name: 'Mark false positive' })).toBeTruthy();
  });

  it('an analysis answer without a screening reads as not screened', async () => {
    api();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /EDP, S.A./ }));
    await userEvent.click(screen.getByRole('button', { name: /Generate Risk Assessment/ }));
    const report = await screen.findByRole('article', { name: 'Your Risk Assessment Report' });
    expect(within(report).getByText('Not screened against sanctions lists (report made before screening)')).toBeTruthy();
  });

  it('a reopened report shows its screening, and a decision on it replaces the screening on screen', async () => {
    const id = '0b6c7d8e-9f00-4a1b-8c2d-3e4f5a6b7c8d';
    const decided = screeningFixture({ status: 'clear' });
    const calls = api({
      [`GET /api/reports/${id}`]: () => json({ company_data: companyFixture({ sample: false }), result: resultFixture({ id }), screening: matchScreeningFixture() }),
      [`GET /api/reports/${id}/map.png`]: () => png(),
      'POST /api/screening/decisions': () => json(decided),
    });
    renderPage(`/products/risk-assessment?report=${id}`);
    const report = await screen.findByRole('article', { name: 'Your Risk Assessment Report' });
    const banner = within(report).getByRole('region', { name: 'Sanctions match: cover must not be given without a licence' });
    const hit = within(banner).getByRole('listitem', { name: 'ООО Роснефтегаз Трейдинг' });
    await userEvent.click(within(hit).getByRole('button', { name: 'Mark false positive' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Other registration number');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark false positive' }));
    expect(await screen.findByText('Hit marked as a false positive.')).toBeTruthy();
    const post = calls.find((c) => c.path === '/api/screening/decisions')!;
    expect(JSON.parse(String(post.body))).toEqual({ report_id: id, entry_id: 'EU.7382.45', decision: 'false_positive', note: 'Other registration number' });
    await waitFor(() => expect(within(report).queryByRole('region', { name: /Sanctions match/ })).toBeNull());
    expect(within(report).getByText(/^No match on EU, UN, UK lists of /)).toBeTruthy();
    // The answer is the report's screening: nothing is fetched again.
    expect(calls.filter((c) => c.path === `/api/reports/${id}`)).toHaveLength(1);
  });
});
