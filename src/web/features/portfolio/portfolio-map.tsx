import { geoAzimuthalEqualArea, geoPath } from 'd3-geo';
import type { FeatureCollection, MultiPoint } from 'geojson';
import { useId, useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import type { PortfolioRow } from '../../../shared/contracts/portfolio';
import { GRADES, type Grade } from '../../../shared/scoring';
import { GRADE_COLOURS, gradeLabel } from '../../entities/report/report-format';
import { t } from '../../lib/i18n';
import { isAssessed } from './portfolio-rows';

/**
 * Every assessed site as a dot coloured by its grade, over Europe's outlines (Natural Earth
 * 1:110m from world-atlas, drawn in the browser with d3-geo). Loaded on its own with the detail
 * screen, so the list and the rest of the app never carry the outlines.
 */

const WIDTH = 800;
const HEIGHT = 560;
/** Continental Europe with the Canaries, Cyprus and the north of Scandinavia; wider when a site lies outside. */
const EUROPE: [number, number][] = [
  [-18, 34],
  [34, 34],
  [34, 70],
  [-18, 70],
];

const rgb = ([r, g, b]: readonly [number, number, number]) => `rgb(${r} ${g} ${b})`;

const countries = feature(
  world as unknown as Topology<{ countries: GeometryCollection }>,
  (world as unknown as Topology<{ countries: GeometryCollection }>).objects.countries,
) as FeatureCollection;

export interface MapSite {
  row: PortfolioRow;
  x: number;
  y: number;
  grade: Grade;
}

/** The dot's tooltip: who, where, which grade. */
export function siteTitle(row: PortfolioRow): string {
  const who = [row.reference, row.company_name].filter(Boolean).join(' · ') || row.fiscal_number;
  const values = { who, grade: row.overallScoreGrade ?? '?', score: String(row.overallScore ?? '?') };
  return row.site_address
    ? t('portfolio.map.siteTitleWithAddress', { ...values, address: row.site_address })
    : t('portfolio.map.siteTitle', values);
}

export function PortfolioMap({ rows, name }: { rows: readonly PortfolioRow[]; name: string }) {
  const titleId = useId();
  const descId = useId();
  const { outline, sites } = useMemo(() => {
    const located = rows.filter(isAssessed).filter((r) => r.latitude !== undefined && r.longitude !== undefined);
    const frame: MultiPoint = {
      type: 'MultiPoint',
      coordinates: [...EUROPE, ...located.map((r) => [r.longitude!, r.latitude!] as [number, number])],
    };
    const projection = geoAzimuthalEqualArea().rotate([-10, -52]).fitExtent(
      [
        [12, 12],
        [WIDTH - 12, HEIGHT - 12],
      ],
      frame,
    );
    const path = geoPath(projection);
    const placed: MapSite[] = [];
    for (const row of located) {
      const xy = projection([row.longitude!, row.latitude!]);
      if (xy) placed.push({ row, x: xy[0], y: xy[1], grade: row.overallScoreGrade });
    }
    // Worse grades last, so they are drawn on top where sites overlap.
    placed.sort((a, b) => GRADES.indexOf(a.grade) - GRADES.indexOf(b.grade));
    return { outline: path(countries) ?? '', sites: placed };
  }, [rows]);

  const counts = GRADES.map((g) => ({ grade: g, count: sites.filter((s) => s.grade === g).length }));

  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full rounded-xl bg-sky-50 ring-1 ring-slate-200"
        data-testid="portfolio-map"
      >
        <title id={titleId}>{t('portfolio.map.title', { name })}</title>
        <desc id={descId}>
          {t('portfolio.map.description', { count: sites.length, grades: counts.map((c) => `${c.count} ${c.grade}`).join(', ') })}
        </desc>
        <path d={outline} fill="rgb(241 245 249)" stroke="rgb(148 163 184)" strokeWidth={0.6} strokeLinejoin="round" />
        <g>
          {sites.map((s) => (
            <circle
              key={s.row.id}
              cx={s.x}
              cy={s.y}
              r={6}
              fill={rgb(GRADE_COLOURS[s.grade].solid)}
              fillOpacity={0.9}
              stroke="white"
              strokeWidth={1.5}
              data-grade={s.grade}
            >
              <title>{siteTitle(s.row)}</title>
            </circle>
          ))}
        </g>
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-slate-600" aria-label={t('portfolio.map.legend')}>
          {counts.map(({ grade, count }) => (
            <li key={grade} className="flex items-center gap-1.5">
              <span className="inline-block size-3 rounded-full ring-2 ring-white" style={{ backgroundColor: rgb(GRADE_COLOURS[grade].solid) }} aria-hidden />
              <span>
                <span className="font-semibold text-slate-800">{grade}</span> {gradeLabel(grade).replace(/^.* - /, '')} ({count})
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
