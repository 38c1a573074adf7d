import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n';
import { arrowStep, latLonToPoint, movePin, pointToLatLon, type LatLon, type MapFrame } from './map-frame';

/** One arrow press moves the pin 1% of the map (about 1 km); with Shift, 5%. */
const STEP = 0.01;
const BIG_STEP = 0.05;

export interface SitePinMapProps {
  url: string;
  alt: string;
  frame: MapFrame;
  /** Where the site was assessed (the pin's start). */
  site: LatLon;
  /** Re-assess with the site where the user put the pin. */
  onPlace(pin: LatLon): void;
  busy?: boolean;
}

/**
 * The location map with a pin the user can move: click or drag on the map, or focus the pin and
 * use the arrow keys. The map's frame (from the map call) turns the pin's place into coordinates.
 */
export function SitePinMap({ url, alt, frame, site, onPlace, busy = false }: SitePinMapProps) {
  const [pin, setPin] = useState<LatLon>(site);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const moved = pin.latitude !== site.latitude || pin.longitude !== site.longitude;
  const { fx, fy } = latLonToPoint(frame, pin);

  const placeAt = (e: PointerEvent) => {
    const r = box.current?.getBoundingClientRect();
    if (!r || r.width === 0 || r.height === 0) return;
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    setPin(pointToLatLon(frame, clamp((e.clientX - r.left) / r.width), clamp((e.clientY - r.top) / r.height)));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = arrowStep(e.key);
    if (!step) return;
    e.preventDefault();
    const size = e.shiftKey ? BIG_STEP : STEP;
    setPin((p) => movePin(frame, p, step.dx * size, step.dy * size));
  };
  const where = `${pin.latitude.toFixed(5)}, ${pin.longitude.toFixed(5)}`;

  return (
    <div className="flex flex-col gap-2">
      <div
        ref={box}
        className="relative cursor-crosshair touch-none select-none"
        onPointerDown={(e) => {
          if (busy) return;
          dragging.current = true;
          e.currentTarget.setPointerCapture?.(e.pointerId);
          placeAt(e);
        }}
        onPointerMove={(e) => dragging.current && placeAt(e)}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
      >
        <img src={url} alt={alt} className="pointer-events-none h-auto w-full" width={640} height={400} draggable={false} />
        <button
          type="button"
          aria-label={t('assessment.pin.label', { where })}
          aria-describedby="site-pin-help"
          disabled={busy}
          onKeyDown={onKeyDown}
          className="absolute size-6 -translate-x-1/2 -translate-y-full rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          style={{ left: `${fx * 100}%`, top: `${fy * 100}%` }}
        >
          <svg viewBox="0 0 24 24" className="size-6 drop-shadow" aria-hidden>
            <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7z" fill="#7c3aed" stroke="#fff" strokeWidth="1.5" />
            <circle cx="12" cy="9" r="2.5" fill="#fff" />
          </svg>
        </button>
      </div>
      <p id="site-pin-help" className="text-xs text-slate-500">
        {t('assessment.pin.help')}
      </p>
      <p role="status" aria-live="polite" className="text-xs text-slate-700">
        {moved ? t('assessment.pin.moved', { where }) : ''}
      </p>
      {moved && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onPlace(pin)} loading={busy} loadingText={t('assessment.pin.assessing')}>
            {t('assessment.pin.assess')}
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setPin(site)}>
            {t('assessment.pin.reset')}
          </Button>
        </div>
      )}
    </div>
  );
}
