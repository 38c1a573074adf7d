import { describe, expect, it } from 'vitest';
import { arrowStep, latLonToPoint, movePin, parseMapFrame, pointToLatLon } from './map-frame';

// The frame the server gives for a 100 km map centred on München (640×400 px).
const munich = { west: 11.0, south: 47.9, east: 12.2, north: 48.4 };

describe('the map frame', () => {
  it('reads the map call’s headers, refusing anything but Web Mercator bounds', () => {
    expect(parseMapFrame('11.000000,47.900000,12.200000,48.400000', 'EPSG:3857')).toEqual(munich);
    expect(parseMapFrame('11,47.9,12.2,48.4', 'EPSG:4326')).toBeNull();
    expect(parseMapFrame('12.2,47.9,11,48.4', 'EPSG:3857')).toBeNull();
    expect(parseMapFrame('11,47.9,12.2', 'EPSG:3857')).toBeNull();
    expect(parseMapFrame(null, 'EPSG:3857')).toBeNull();
  });

  it('turns a point of the picture into coordinates and back (Mercator, not linear, in latitude)', () => {
    expect(pointToLatLon(munich, 0, 0)).toEqual({ latitude: expect.closeTo(48.4, 9), longitude: 11.0 });
    expect(pointToLatLon(munich, 1, 1)).toEqual({ latitude: expect.closeTo(47.9, 9), longitude: expect.closeTo(12.2, 9) });
    const mid = pointToLatLon(munich, 0.5, 0.5);
    expect(mid.longitude).toBeCloseTo(11.6, 9);
    // Mercator stretches northwards: the picture's middle lies a little north of the mean latitude.
    expect(mid.latitude).toBeGreaterThan(48.1503);
    expect(mid.latitude).toBeLessThan(48.152);
    const back = latLonToPoint(munich, { latitude: 48.106, longitude: 11.646 });
    const again = pointToLatLon(munich, back.fx, back.fy);
    expect(again.latitude).toBeCloseTo(48.106, 9);
    expect(again.longitude).toBeCloseTo(11.646, 9);
  });

  it('moves the pin by the arrow keys’ step, kept on the picture', () => {
    const start = { latitude: 48.15, longitude: 11.6 };
    const right = movePin(munich, start, 0.01, 0);
    expect(right.longitude).toBeCloseTo(11.612, 6);
    expect(right.latitude).toBeCloseTo(48.15, 9);
    const up = movePin(munich, start, 0, -0.01);
    expect(up.latitude).toBeGreaterThan(48.15);
    expect(up.longitude).toBeCloseTo(11.6, 9);
    expect(movePin(munich, start, -5, 0).longitude).toBeCloseTo(11.0, 9);
    expect(arrowStep('ArrowUp')).toEqual({ dx: 0, dy: -1 });
    expect(arrowStep('ArrowLeft')).toEqual({ dx: -1, dy: 0 });
    expect(arrowStep('Enter')).toBeNull();
  });
});
