// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { companyFixture, DATA_SOURCES_FIXTURE, evidenceResultFixture, resultFixture } from '../../../../test/web/report-fixtures';
import { installPublicConfig } from '../../../../test/web/test-config';
import type { RiskAssessmentResult } from '../../../shared/contracts/assessment';
import { ReportView } from './report-view';

function renderReport(result: RiskAssessmentResult) {
  const router = createMemoryRouter(
    [{ path: '*', element: <ReportView company={companyFixture({ city: 'Catania', country: 'Italy' })} result={result} map={null} /> }],
    { initialEntries: ['/products/risk-assessment'] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByRole('article', { name: 'Your Risk Assessment Report' });
}

/** The list item of one risk, found by its heading. */
function riskItem(report: HTMLElement, name: string): HTMLElement {
  return within(report).getByRole('listitem', { name });
}

beforeEach(() => {
  installPublicConfig();
});
afterEach(cleanup);

describe('ReportView: site evidence', () => {
  it('lists each risk’s evidence under its reasons, every line led by its dataset', () => {
    const report = renderReport(evidenceResultFixture());
    const quake = riskItem(report, 'Earthquake');
    const evidence = within(quake).getByRole('list', { name: 'Evidence for Earthquake' });
    const lines = within(evidence).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'NOAA NCEI: M7.1 Messina 1908, 86 km; 6 damaging events within 100 km since 1600',
      'INFORM 2020: earthquake exposure 7.1/10 for Italy (country prior)',
    ]);
    // The evidence follows the reasons.
    const reasons = within(quake).getByRole('list', { name: 'Reasons for Earthquake' });
    expect(reasons.compareDocumentPosition(evidence) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('does not repeat a dataset its text already starts with', () => {
    const report = renderReport(evidenceResultFixture());
    const coastal = within(riskItem(report, 'Coastal Flood / Storm Surge')).getByRole('list', {
      name: 'Evidence for Coastal Flood / Storm Surge',
    });
    expect(within(coastal).getAllByRole('listitem')[0]!.textContent).toBe(
      'ETOPO5: 3 m above sea level, 1.2 km from the coast: low-lying coastal site',
    );
  });

  it('shows a location risk it has never seen before (Volcanic Activity) like any other', () => {
    const report = renderReport(evidenceResultFixture());
    const volcano = riskItem(report, 'Volcanic Activity');
    expect(within(volcano).getByRole('meter', { name: 'Volcanic Activity score' })).toBeTruthy();
    expect(within(volcano).getByText('Within 50 km of a volcano that erupted in the last 2,000 years: High')).toBeTruthy();
    expect(within(volcano).getByRole('list', { name: 'Evidence for Volcanic Activity' }).textContent).toContain(
      'Smithsonian GVP: Etna (stratovolcano), 28 km',
    );
  });

  it('shows no evidence block for a risk without evidence', () => {
    const report = renderReport(evidenceResultFixture());
    expect(within(riskItem(report, 'Flood')).queryByRole('list', { name: /Evidence/ })).toBeNull();
  });

  it('lists the data sources with version, licence, use and a link, and points to the methodology', () => {
    const report = renderReport(evidenceResultFixture());
    const sources = within(report).getByRole('region', { name: 'Data Sources' });
    const items = within(sources).getAllByRole('listitem');
    expect(items).toHaveLength(DATA_SOURCES_FIXTURE.length);
    const gvp = items.find((li) => li.textContent?.includes('Global Volcanism Program'))!;
    expect(gvp.textContent).toContain('Holocene volcano list, February 2015');
    expect(gvp.textContent).toContain('Distance to Holocene volcanoes and their last known eruption');
    expect(within(gvp).getByRole('link', { name: 'https://volcano.si.edu/' })).toHaveProperty('href', 'https://volcano.si.edu/');
    expect(within(sources).getByRole('link', { name: 'How the ratings are set' }).getAttribute('href')).toBe('/methodology');
  });

  it('writes a source address that is not http(s) as text, never as a link', () => {
    const result = { ...evidenceResultFixture(), data_sources: [{ ...DATA_SOURCES_FIXTURE[0]!, url: 'javascript:alert(1)' }] };
    const sources = within(renderReport(result)).getByRole('region', { name: 'Data Sources' });
    expect(within(sources).getByText(/javascript:alert\(1\)/)).toBeTruthy();
    expect(within(sources).queryByRole('link', { name: /javascript/ })).toBeNull();
  });

  it('renders a report stored before evidence existed as before: reasons, no evidence, no sources', () => {
    const report = renderReport(resultFixture());
    expect(within(report).queryAllByRole('list', { name: /^Evidence for/ })).toHaveLength(0);
    expect(within(report).queryByRole('region', { name: 'Data Sources' })).toBeNull();
    expect(within(riskItem(report, 'Flood')).getByText('Distance to the Tagus estuary 0.6 km')).toBeTruthy();
  });
});

describe('ReportView: small print', () => {
  it('names the engine and data versions the report was made with, and nothing on older reports', () => {
    const report = renderReport(resultFixture({ engine_version: '0.1.0+rules.1', data_version: 'sha256:0123456789ab' }));
    expect(within(report).getByText('Engine 0.1.0+rules.1 · Data sha256:0123456789ab')).toBeTruthy();
    cleanup();
    const older = renderReport(resultFixture());
    expect(within(older).queryByText(/^Engine /)).toBeNull();
    // The screen keeps the short date rule ('5 Mar, 2025'), not the filed one.
    expect(within(older).queryByText(/UTC/)).toBeNull();
  });
});
