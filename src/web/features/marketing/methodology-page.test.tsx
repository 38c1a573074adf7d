// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../lib/auth/auth-state';
import { t } from '../../lib/i18n';
import { installPublicConfig } from '../../../../test/web/test-config';
import { FeaturesPage } from './features-page';
import { HAZARD_RULES, hazardRuleTexts, rasterRuleTexts } from '../../../shared/hazards';
import { DATASETS, keepUnits, METHODOLOGY_SECTIONS, MethodologyPage } from './methodology-page';
import { agreementByHazard, CALIBRATION } from '../../../shared/hazards/calibration';
import CALIBRATION_LEVELS from '../../../shared/hazards/calibration-levels.json';

const signedOut: AuthState = { status: 'unauthenticated', user: null, userId: null, logout: async () => {} };

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/methodology']}>
      <MethodologyPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  installPublicConfig();
  // jsdom does not scroll.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  document.title = '';
});

describe('MethodologyPage', () => {
  it('has one h1, its title and description for search engines, and a heading per section', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['How Corisk rates a site']);
    expect(document.title).toBe('Methodology | Corisk');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/volcanic/);
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    for (const s of METHODOLOGY_SECTIONS) expect(h2).toContain(t(s.title));
  });

  it('lists every section in the table of contents, each link pointing at its heading', async () => {
    renderPage();
    const toc = within(screen.getByRole('navigation', { name: 'On this page' }));
    const links = toc.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(METHODOLOGY_SECTIONS.map((s) => `#${s.id}`));
    await userEvent.click(toc.getByRole('link', { name: /Limits/ }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Limits' }));
  });

  it('explains each natural hazard under the name reports give it, Volcanic Activity included', () => {
    renderPage();
    const hazards = within(screen.getByRole('region', { name: 'Location hazards' }));
    const names = hazards.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual([
      'Earthquake',
      'Flood',
      'Coastal Flood / Storm Surge',
      'Landslide',
      'Volcanic Activity',
      'Extreme Heat',
      'Wildfire',
      'Windstorm',
      'Drought',
    ]);
    expect(hazards.getByText(/Global Volcanism Program, Smithsonian Institution: Holocene volcano list/)).toBeTruthy();
  });

  it('names the bundled datasets with publisher, version and licence as reports list them', () => {
    renderPage();
    const data = within(screen.getByRole('region', { name: 'The data' }));
    expect(data.getAllByRole('listitem')).toHaveLength(DATASETS.length);
    // GSHHG/WDBII (rivers, canals, lakes) and the national seismic codes joined the seven.
    expect(DATASETS).toHaveLength(9);
    expect(data.getByText('LGPL-3 (derived lines under the same terms)')).toBeTruthy();
    expect(data.getByText(/5 arc-minute grid: one value about every 9 km/)).toBeTruthy();
    expect(data.getAllByText('Public domain (NOAA, US Government work)')).toHaveLength(2);
    expect(data.getAllByText('Public domain')).toHaveLength(2);
    expect(data.getByRole('heading', { name: 'INFORM Global Risk Index' })).toBeTruthy();
    expect(data.getByText(/Version: 2020 v0\.4\.0/)).toBeTruthy();
    expect(data.getByText(/Version: export of October 2014/)).toBeTruthy();
    expect(data.getAllByText('CC BY 4.0 (GeoNames)')).toHaveLength(1);
  });

  it('publishes the calibration table with the agreement per hazard, from the snapshot', () => {
    renderPage();
    const cal = within(screen.getByRole('region', { name: 'Calibration against published maps' }));
    const rows = within(cal.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(CALIBRATION.length + 1);
    const rates = agreementByHazard(CALIBRATION_LEVELS);
    const quake = rates.find((r) => r.hazard === 'earthquake')!;
    expect(cal.getByText(new RegExp(`${Math.round(quake.rate * 100)} % agree \\(${quake.agree} of ${quake.rows}\\)`))).toBeTruthy();
    expect(cal.getByText(/within 1 level of the reference level/)).toBeTruthy();
    const bucharest = rows.find((r) => r.textContent?.startsWith('Bucharest (RO)Earthquake'))!;
    expect(bucharest.textContent).toContain('Very High');
    expect(bucharest.textContent).toContain('P100-1/2013');
    const mlada = rows.find((r) => r.textContent?.startsWith('Mladá Boleslav (CZ)Flood'))!;
    expect(mlada.textContent).toContain('omits it');
  });

  it('gives the level sentences, the score formula from the shared rules and the grade bands', () => {
    renderPage();
    const levels = within(screen.getByRole('region', { name: 'How levels are set' }));
    for (const level of ['Very High', 'High', 'Moderate', 'Low', 'Very Low', 'Negligible']) expect(levels.getByText(level, { exact: true })).toBeTruthy();
    expect(levels.getByText(/^High: an active volcano \(erupted in the last 2,000 years\) lies within 50 km/)).toBeTruthy();
    expect(levels.getByText(/High within 50\skm of a volcano that erupted in the last 2,000\syears/)).toBeTruthy();
    const scores = within(screen.getByRole('region', { name: 'Scores and grades' }));
    expect(scores.getByText(/Moderate likelihood \(3\) and High impact \(4\) scores 66/)).toBeTruthy();
    expect(scores.getByText(/weighs them 50 \/ 50/)).toBeTruthy();
    const rows = within(scores.getByRole('table', { name: 'Grades and their score bands' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toContain('A90–100Excellent - Very Low Risk');
    expect(rows.map((r) => r.textContent)).toContain('F0–59Poor - Very High Risk');
  });

  it('states every threshold as the rule table writes it, and follows a changed table', () => {
    renderPage();
    const levels = within(screen.getByRole('region', { name: 'How levels are set' }));
    const rows = hazardRuleTexts().map((t) => ({ hazard: levels.getByText(t.hazard, { selector: 'dt' }), rule: t.rule }));
    expect(rows).toHaveLength(9);
    for (const { hazard, rule } of rows) expect(hazard.nextElementSibling?.textContent).toBe(keepUnits(rule));
    const layers = within(screen.getByRole('region', { name: 'Richer data for deployments' }));
    const said = layers.getAllByRole('listitem').flatMap((li) => [...li.querySelectorAll('p')].map((p) => p.textContent));
    for (const rule of Object.values(rasterRuleTexts())) expect(said).toContain(keepUnits(rule));
    cleanup();

    const rules = structuredClone(HAZARD_RULES);
    rules.landslide.bands[0]!.reliefM = 1200;
    render(
      <MemoryRouter initialEntries={['/methodology']}>
        <MethodologyPage rules={rules} />
      </MemoryRouter>,
    );
    const changed = within(screen.getByRole('region', { name: 'How levels are set' })).getByText('Landslide', { selector: 'dt' }).nextElementSibling?.textContent;
    expect(changed).toContain('High with a relief of 1,200\u00a0m or more');
    expect(changed).toContain('Moderate with a relief of 500\u00a0m or more');
  });

  it('names the national registers that give the official activity code', () => {
    renderPage();
    const industry = within(screen.getByRole('region', { name: 'Industry risks' }));
    expect(industry.getByText(/France, Czechia, Finland, Poland and Romania/).textContent).toMatch(/NAF, CZ-NACE, TOL, PKD or CAEN/);
  });

  it('keeps each number on the line of its unit', () => {
    expect(keepUnits('Moderate from 20 %, 2 m within 25 years, 0.1 g, 32 °C, 3 or more events')).toBe(
      'Moderate from 20\u00a0%, 2\u00a0m within 25\u00a0years, 0.1\u00a0g, 32\u00a0°C, 3 or more events',
    );
  });

  it('names the optional deployment layers and the limits of a 9 km grid', () => {
    renderPage();
    const layers = within(screen.getByRole('region', { name: 'Richer data for deployments' }));
    for (const name of ['ESHM20 seismic hazard (EFEHR)', 'JRC river flood hazard maps', 'WRI Aqueduct', 'Copernicus fire weather and heat', 'NASA landslide susceptibility']) {
      expect(layers.getByRole('heading', { name })).toBeTruthy();
    }
    expect(layers.getByText(/Very High over 80\s%, High from 40\s%/)).toBeTruthy();
    expect(layers.queryByText(/m³/)).toBeNull();
    const limits = within(screen.getByRole('region', { name: 'Limits' }));
    expect(limits.getByText(/cannot see a narrow valley, a dike or embankment, local drainage/)).toBeTruthy();
    expect(limits.getByRole('heading', { name: 'Incomplete catalogues' })).toBeTruthy();
    expect(limits.getByRole('heading', { name: 'Country averages' })).toBeTruthy();
  });
});

describe('MethodologyPage: sanctions screening', () => {
  it('names the three lists, their refresh and staleness, the matching rules, officers and owners, decisions and limits', () => {
    renderPage();
    const section = within(screen.getByRole('region', { name: 'Sanctions screening' }));
    const lists = within(section.getByRole('list', { name: 'Sanctions lists' }));
    expect(lists.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'EU Financial Sanctions Files',
      'UN Security Council consolidated list',
      'UK Sanctions List',
    ]);
    expect(section.getByText(/downloaded every 6 hours by default/)).toBeTruthy();
    expect(section.getByText(/older than 7 days, or one not held at all, is stale\. A screening against a stale list never says “clear”/)).toBeTruthy();
    const matching = Object.fromEntries(
      [...section.getByText('Identifiers first').closest('dl')!.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
    );
    expect(matching['Identifiers first']).toMatch(/is a match, whatever the names say/);
    expect(matching['Names normalised']).toMatch(/Cyrillic and Greek are transliterated on both sides/);
    expect(matching['Legal forms and common words weigh little']).toMatch(/GmbH, S\.A\., s\.r\.o\., sp\. z o\.o\., SRL, Oy, SAS, ООО, ΑΕ/);
    expect(matching['A score from 0 to 1']).toMatch(/0\.9 or more \(or an equal identifier\) is a match and 0\.7 or more a possible match/);
    expect(matching['A score from 0 to 1']).toMatch(/contradicts the company’s lowers the score/);
    expect(section.getByText(/EU ownership and control rule/)).toBeTruthy();
    expect(section.getByRole('heading', { name: 'Decisions' })).toBeTruthy();
    for (const limit of ['No date-of-birth checks', 'Registers that name no owners', 'Not legal advice']) {
      expect(section.getByRole('heading', { name: limit, level: 4 })).toBeTruthy();
    }
  });
});

describe('FeaturesPage', () => {
  it('links to the methodology and lists volcanic activity among the location risks', () => {
    render(
      <AuthContext.Provider value={signedOut}>
        <MemoryRouter>
          <FeaturesPage />
        </MemoryRouter>
      </AuthContext.Provider>,
    );
    expect(screen.getByRole('link', { name: /Read the methodology/ }).getAttribute('href')).toBe('/methodology');
    const location = within(screen.getByRole('list', { name: 'Location-based risks' }));
    expect(location.getByText('Volcanic activity')).toBeTruthy();
  });
});
