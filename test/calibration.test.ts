import { describe, expect, it } from 'vitest';
import { agreementByHazard, agrees, CALIBRATION, calibrationKey, REFERENCE_LADDERS } from '../src/shared/hazards/calibration.js';
import SNAPSHOT from '../src/shared/hazards/calibration-levels.json' with { type: 'json' };
import { coriskCalibrationLevels } from './calibration-levels.js';

/**
 * The calibration table /methodology publishes: the engine's level at every reference site must be
 * the snapshot's (rerun `npx tsx scripts/calibration-snapshot.ts` after a deliberate change), and
 * the agreement with the published references per hazard must stay at least what the page shows.
 */
const snapshot: Record<string, number> = SNAPSHOT;

describe('the calibration table', () => {
  const levels = coriskCalibrationLevels();

  it('has at least 50 sites across the EU, the places of issue 19 among them, each row with a source', () => {
    const sites = new Set(CALIBRATION.map((r) => r.site));
    expect(sites.size).toBeGreaterThanOrEqual(50);
    for (const s of ['Bucharest', 'Naples', 'Rome', 'Mladá Boleslav', 'Amsterdam', 'Munich', "L'Aquila", 'Messina', 'Venice', 'Dublin']) expect(sites).toContain(s);
    expect(new Set(CALIBRATION.map((r) => r.country)).size).toBeGreaterThanOrEqual(20);
    for (const r of CALIBRATION) expect(r.source.length, r.site).toBeGreaterThan(10);
    expect(new Set(CALIBRATION.map(calibrationKey)).size).toBe(CALIBRATION.length);
  });

  it('calibrates river and coastal flood, landslide, wildfire and volcano at 8 sites or more each, on a stated ladder', () => {
    for (const hazard of Object.keys(REFERENCE_LADDERS) as (keyof typeof REFERENCE_LADDERS)[]) {
      expect(CALIBRATION.filter((r) => r.hazard === hazard).length, hazard).toBeGreaterThanOrEqual(8);
    }
  });

  it('gives every checked reference its page and what it says, and marks the others as not checked', () => {
    for (const r of CALIBRATION) {
      if (r.evidence) {
        expect(r.evidence.url, r.site).toMatch(/^https?:\/\/[^\s]+$/);
        expect(r.evidence.says.length, r.site).toBeGreaterThan(20);
        expect(r.source, r.site).not.toMatch(/not yet checked/);
      } else {
        expect(r.source, `${r.site} ${r.hazard}`).toMatch(/not yet checked/);
      }
    }
    // Only seismic rows lack a checked page: every other hazard's reference was found published.
    expect(CALIBRATION.filter((r) => r.hazard !== 'earthquake' && !r.evidence)).toEqual([]);
  });

  it('gives the levels of the published snapshot at every site', () => {
    expect(levels).toEqual(snapshot);
  });

  it('explains every disagreement', () => {
    for (const r of CALIBRATION) if (!agrees(levels[calibrationKey(r)]!, r.reference)) expect(r.why, `${r.site} ${r.hazard}`).toBeTruthy();
  });

  it('keeps the agreement per hazard at least what the page publishes', () => {
    const published = agreementByHazard(snapshot);
    const now = agreementByHazard(levels);
    for (const p of published) expect(now.find((n) => n.hazard === p.hazard)!.rate, p.hazard).toBeGreaterThanOrEqual(p.rate);
    // The earthquake references are the bulk of the table: most must agree.
    expect(now.find((n) => n.hazard === 'earthquake')!.rate).toBeGreaterThanOrEqual(0.85);
  });

  it('agrees within one level, High and Very High both matching a top reference', () => {
    expect(agrees(5, 4)).toBe(true);
    expect(agrees(3, 5)).toBe(false);
    expect(agrees(0, 1)).toBe(true);
  });
});
