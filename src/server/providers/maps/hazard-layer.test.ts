import { describe, expect, it } from 'vitest';
import { OfflineMapRenderer } from './offline.js';

const renderer = new OfflineMapRenderer();

/** The overlay shows what set the ratings at the places of issue 19. */
describe('hazard overlay: deep epicentres, lakes and canals', () => {
  it('points to the Vrancea deep events from Bucharest, beyond the frame, and names the strongest', () => {
    const svg = renderer.svg({ latitude: 44.4268, longitude: 26.1025, countryIso2: 'RO' });
    // An arrow in the earthquake colour on the frame's edge: the epicentres lie ~150 km away.
    expect(svg).toMatch(/<path d="M[^"]+Z" fill="#ea580c"/);
    expect(svg).toMatch(/<desc>[^<]*Earthquake: M7\.\d [^<]*(1802|1977), 1\d\d km \(\d+ km deep\)/);
  });

  it('draws the Markermeer and IJsselmeer shores and the canal at Amsterdam, named by kind', () => {
    const svg = renderer.svg({ latitude: 52.3676, longitude: 4.9041, countryIso2: 'NL' });
    expect(svg).toContain('<g id="hazard-lakes"');
    expect(svg).toContain('<g id="hazard-river"');
    expect(svg).toMatch(/<desc>[^<]*Canal \(unnamed in the map data\), [\d.]+ km/);
    expect(svg).toMatch(/<desc>[^<]*Lake: Markermeer, [\d.]+ km/);
    expect(svg).not.toContain('unnamed;');
  });
});
