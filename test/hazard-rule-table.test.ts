import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { analyseSite } from '../src/server/engine/index.js';
import { buildMapSvg } from '../src/server/providers/maps/svg-map.js';
import { HAZARD_RULES, type HazardRules } from '../src/shared/hazards/index.js';

/**
 * One rule table moves the engine, the map and the methodology page together: a copy of the
 * table with one threshold changed (the volcano rules' farthest band, 200 km → 150 km) changes
 * a site's rating, the features its map draws and the text the page renders.
 */

// Web code is type-checked by tsconfig.web.json (extensionless imports), so it is loaded here by a path the Node type-check does not follow.
const PAGE = '../src/web/features/marketing/methodology-page.tsx';
type PageModule = { MethodologyPage: FunctionComponent<{ rules?: HazardRules }> };

async function pageText(rules?: HazardRules): Promise<string> {
  const { MethodologyPage } = (await import(/* @vite-ignore */ PAGE)) as PageModule;
  const html = renderToString(createElement(MemoryRouter, { initialEntries: ['/methodology'] }, createElement(MethodologyPage, rules ? { rules } : {})));
  return html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');
}

/** The shipped table with the volcano rules reaching 150 km instead of 200 km. */
function volcanoesTo150km(): HazardRules {
  const rules = structuredClone(HAZARD_RULES);
  const farthest = rules.volcano.bands.find((b) => b.level === 1)!;
  expect(farthest.any).toEqual([{ withinKm: 200 }]);
  farthest.any[0]!.withinKm = 150;
  return rules;
}

// Toulouse: the nearest Holocene volcano is the Olot field in Catalonia, about 182 km away.
const TOULOUSE = { name: 'Airbus', country: 'France', latitude: 43.6047, longitude: 1.4442, geocode_precision: 'address' as const };
const NOW = new Date('2026-11-27T00:00:00Z');
const MAP = { width: 640, height: 400, spanKm: 100 };

describe('one hazard rule table', () => {
  it('a changed threshold moves the rating, the map and the methodology page together', async () => {
    const changed = volcanoesTo150km();

    // The engine: Very Low (a volcano within 200 km) becomes Negligible.
    const volcano = (rules?: HazardRules) => analyseSite(TOULOUSE, undefined, NOW, rules).location.find((r) => r.name === 'Volcanic Activity')!;
    const [rated, rerated] = [volcano(), volcano(changed)];
    expect(rated.rawLikelihood).toBe(1);
    expect(rated.reason.join(' ')).toContain('within 200 km of a Holocene volcano: very low');
    expect(rerated.rawLikelihood).toBe(0);
    expect(rerated.reason.join(' ')).toContain('no Holocene volcano within 150 km: none');

    // The map: the volcano that set the level is pointed at and named in the legend, then no longer.
    const shipped = buildMapSvg(TOULOUSE.latitude, TOULOUSE.longitude, MAP);
    const moved = buildMapSvg(TOULOUSE.latitude, TOULOUSE.longitude, { ...MAP, rules: changed });
    expect(shipped).toContain('<g id="hazard-volcanoes">');
    expect(shipped).toMatch(/<desc>[^<]*Volcano: Olot Volcanic Field, 18\d km/);
    expect(moved).not.toContain('hazard-volcanoes');
    expect(moved).not.toContain('Volcano: Olot');
    expect(buildMapSvg(TOULOUSE.latitude, TOULOUSE.longitude, { ...MAP, rules: HAZARD_RULES })).toBe(shipped);

    // The page: the threshold it states, and the distance it says the volcanoes are measured within.
    const before = await pageText();
    const after = await pageText(changed);
    expect(before).toContain('Very Low within 200 km of any Holocene volcano; Negligible beyond');
    expect(after).toContain('Very Low within 150 km of any Holocene volcano; Negligible beyond');
    expect(after).not.toContain('within 200 km of any Holocene volcano');
    expect(after).toContain('(Holocene) within 150 km, and when each last erupted');
    expect(await pageText(HAZARD_RULES)).toBe(before);
    // The first analysis and map load the bundled layers: slow on a busy 2-core machine.
  }, 120_000);
});
