import {
  Activity,
  Droplets,
  Flame,
  Mountain,
  Sun,
  Thermometer,
  Waves,
  Wind,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import {
  DATASETS as BUNDLED_DATASETS,
  HAZARD_RULES,
  hazardRuleTexts,
  LEVEL_SENTENCES,
  mapReach,
  num,
  rasterRuleTexts,
  type DatasetKey,
  type HazardKey,
  type HazardRules,
} from '../../../shared/hazards';
import { CalibrationTable } from './calibration-table';
import { ScoreTable } from './score-table';
import { GRADE_BANDS, OVERALL_WEIGHTS, levelLabel, riskScore } from '../../../shared/scoring';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { usePageMeta } from '../../lib/seo';
import { PageHero } from './page-hero';
import { CtaSection } from './cta-section';
import { ContentsList } from '../../components/ui/contents-list';
import { Volcano } from './volcano-icon';
import methodologyCopy from './copy/methodology.json';
import { HeaderCells } from '../../components/ui/header-cells';

/** The sections of the page, in order: the table of contents links to each heading. */
export const METHODOLOGY_SECTIONS = [
  { id: 'overview', title: 'From data to a rating' },
  { id: 'hazards', title: 'Location hazards' },
  { id: 'data', title: 'The data' },
  { id: 'levels', title: 'How levels are set' },
  { id: 'calibration', title: 'Calibration against published maps' },
  { id: 'industry', title: 'Industry risks' },
  { id: 'scores', title: 'Scores and grades' },
  { id: 'screening', title: 'Sanctions screening' },
  { id: 'deployment-layers', title: 'Richer data for deployments' },
  { id: 'limits', title: 'Limits' },
] as const;

type SectionId = (typeof METHODOLOGY_SECTIONS)[number]['id'];

interface Hazard {
  icon: LucideIcon;
  /** The risk's name exactly as reports write it (from the rule table). */
  name: string;
  what: string;
  measured: string;
  data: string;
}

/** What the page says of each hazard; its name, datasets and any distance the rules set come from the rule table. */
const HAZARD_TEXTS: Record<HazardKey, { icon: LucideIcon; what: string; measured: (rules: HazardRules) => string }> = {
  earthquake: {
    icon: Activity,
    what: 'Ground shaking that damages buildings, machinery and stock, and can stop a site for months.',
    measured: () =>
      'The damaging earthquakes recorded within 200 km of the site, with the shaking each is estimated to have caused at the site from its magnitude and distance; the strongest is named with its distance (for example “M7.1 Messina 1908, 8 km”). The country’s INFORM earthquake index is kept as a floor.',
  },
  riverFlood: {
    icon: Droplets,
    what: 'River flooding: water leaving a river’s banks after heavy or prolonged rain, and surface water in dense built-up areas.',
    measured: (r) =>
      `The distance to the nearest river within ${num(r.riverFlood.searchKm)} km, weighed against the river’s size, the site’s height above the lowest land around it (valley floor or not), and the people living within 10 km (sealed ground).`,
  },
  coastalFlood: {
    icon: Waves,
    what: 'Sea water pushed inland by storms and high tides, or by a tsunami, on low-lying coasts, estuaries and lagoons.',
    measured: () => 'The distance to the sea and the height of the site above sea level; the country’s tsunami exposure on a low shore.',
  },
  landslide: {
    icon: Mountain,
    what: 'Slopes that give way after rain or an earthquake, burying or undermining buildings and roads.',
    measured: () => 'The relief and steepest slope of the ground around the site, and strong earthquakes as a trigger.',
  },
  volcano: {
    icon: Volcano,
    what: 'Ash fall that collapses roofs and stops machinery and transport, and, close to a volcano, lava and hot gas.',
    measured: (r) => `The distance to the volcanoes active since the last ice age (Holocene) within ${num(mapReach(r).volcanoKm)} km, and when each last erupted.`,
  },
  heat: {
    icon: Thermometer,
    what: 'Heatwaves that harm people at work, spoil temperature-sensitive goods and overload equipment.',
    measured: () => 'Latitude, elevation, distance to the sea (no maritime cooling inland) and how many people live within 10 km (urban heat island).',
  },
  wildfire: {
    icon: Flame,
    what: 'Forest and vegetation fires reaching premises at the edge of built-up areas.',
    measured: () => 'The climate region (Mediterranean, boreal or temperate), the country’s drought exposure, elevation and how many people live within 10 km.',
  },
  windstorm: {
    icon: Wind,
    what: 'European winter storms and severe convective winds that damage roofs, façades and yards.',
    measured: () => 'Latitude and longitude within the Atlantic and North Sea storm track, exposure near the coast and on high ground.',
  },
  drought: {
    icon: Sun,
    what: 'Water shortage that halts water-dependent processes and causes subsidence under buildings on clay.',
    measured: () => 'The country’s drought exposure, adjusted for latitude (dry Mediterranean summers) and distance to the sea (continental interior).',
  },
};

/** The natural hazards of the location part of a report, named as the reports name them, with the datasets the rules read. */
export function hazardCards(rules: HazardRules = HAZARD_RULES): Hazard[] {
  return hazardRuleTexts(rules).map(({ key }) => {
    const { icon, what, measured } = HAZARD_TEXTS[key];
    const data = rules[key].datasets.map((d) => `${BUNDLED_DATASETS[d.key].name}${d.role ? ` (${d.role})` : ''}`).join('; ');
    return { icon, name: rules[key].name, what, measured: measured(rules), data };
  });
}

/** What the page says about each bundled dataset; its name, version and licence come from the reports’ own list. */
const DATASET_NOTES: Record<DatasetKey, { publisher: string; detail: string }> = {
  etopo5: {
    publisher: 'NOAA National Centers for Environmental Information',
    detail: 'Global elevation on a 5 arc-minute grid: one value about every 9 km.',
  },
  rivers: { publisher: 'Natural Earth', detail: 'River centre lines ranked by size (scalerank).' },
  gshhg: {
    publisher: 'P. Wessel and W. H. F. Smith (GSHHG, with the World Data Bank II rivers)',
    detail: 'Denser rivers, canals by kind, and the shores of lakes of 1 km² or more. Smaller rivers are still missing.',
  },
  seismicCodes: {
    publisher: 'National building authorities (Romania, Italy, Greece, Spain, Portugal)',
    detail: 'The seismic design value or zone the national code gives a named municipality: a short table, not a map.',
  },
  coastline: { publisher: 'Natural Earth', detail: 'Country outlines, whose shores give the distance to the sea.' },
  earthquakes: {
    publisher: 'NOAA National Centers for Environmental Information',
    detail: 'Damaging earthquakes with their date, place, magnitude, intensity and casualties.',
  },
  volcanoes: {
    publisher: 'Global Volcanism Program, Smithsonian Institution',
    detail: 'The volcanoes active in the last 10,000 years (Holocene), with their last known eruption.',
  },
  gazetteer: { publisher: 'GeoNames', detail: 'Towns and cities of 1,000 inhabitants or more, with their population.' },
  inform: {
    publisher: 'European Commission, Joint Research Centre',
    detail: 'Country scores from 0 to 10 for earthquake, flood, tsunami, drought and other hazards, vulnerability and coping capacity.',
  },
};

/** The datasets bundled with every installation. */
export const DATASETS = (Object.keys(BUNDLED_DATASETS) as DatasetKey[]).map((key) => ({
  key,
  ...BUNDLED_DATASETS[key],
  ...DATASET_NOTES[key],
}));

/** The hazard whose fixed level sentences the page quotes as an example. */
const EXAMPLE_HAZARD = 'volcano' as const;

/** Each level's name as reports print it, with the fixed sentence of the example hazard. */
const LEVELS = LEVEL_SENTENCES[EXAMPLE_HAZARD].map((sentence, level) => ({ level, label: levelLabel(level), sentence })).reverse();

const LEVEL_TONES = [
  'bg-slate-50 text-slate-700 ring-slate-200',
  'bg-green-50 text-green-800 ring-green-200',
  'bg-yellow-50 text-yellow-800 ring-yellow-200',
  'bg-orange-50 text-orange-800 ring-orange-200',
  'bg-red-50 text-red-800 ring-red-200',
  'bg-red-100 text-red-900 ring-red-300',
] as const;

/** Deployment layers, each with the ThinkHazard thresholds the server applies to it (from the rule table). */
export function deploymentLayers(rules: HazardRules = HAZARD_RULES): { name: string; text: string; rule: string; licence: string }[] {
  const said = rasterRuleTexts(rules);
  return [
    {
      name: 'ESHM20 seismic hazard (EFEHR)',
      text: 'Peak ground acceleration with a 475-year return period, the European reference for building codes.',
      rule: said.pga,
      licence: 'CC BY 4.0',
    },
    {
      name: 'JRC river flood hazard maps',
      text: 'Flood depth for 10-, 100- and 500-year floods across Europe at 100 m.',
      rule: said.floodDepth,
      licence: 'CC BY 4.0',
    },
    { name: 'WRI Aqueduct', text: 'Baseline water stress, for drought.', rule: said.waterStress, licence: 'CC BY 4.0' },
    {
      name: 'Copernicus fire weather and heat',
      text: 'Fire Weather Index and heat stress (WBGT) indicators from the Copernicus Climate Change Service.',
      rule: said.fireAndHeat,
      licence: 'Copernicus licence',
    },
    {
      name: 'NASA landslide susceptibility',
      text: 'Global landslide susceptibility at 1 km, from slope, geology, faults and land cover.',
      rule: 'Susceptibility classes 1 to 5 become levels Very Low to Very High.',
      licence: 'No restrictions',
    },
  ];
}

const LIMITS: readonly { title: string; text: string }[] = [
  {
    title: 'A 9 km elevation grid',
    text: 'ETOPO5 gives one height about every 9 km. It finds low-lying coasts and broad valley floors, but it cannot see a narrow valley, a dike or embankment, local drainage, a basement, the floor level of a building or a slope within a few hundred metres. In places the grid itself is wrong: around Naples and the Amalfi coast and in eastern Sicily it shows near-flat land.',
  },
  {
    title: 'Incomplete catalogues',
    text: 'The earthquake catalogue lists damaging events only, ends in 2014 and is incomplete before about 1700; the shaking at the site is estimated with a simple attenuation, not a seismic hazard model. Records of eruptions are incomplete too, and a quiet record is not proof of a safe site.',
  },
  {
    title: 'Country averages',
    text: 'Where the site gives no evidence, the country’s INFORM score stands in. It is an average over a whole country, and it measures people exposed, not damage to buildings.',
  },
  {
    title: 'The site, not the building',
    text: 'Ratings describe the place, not the building: construction, protection, maintenance and the value at risk are not known to Corisk. A site placed only at city or postal-code level is rated at that point, and the report says so.',
  },
];

/** Keeps a number with its unit on one line ('20 %', '2 m', '0.1 g', '32 °C'). */
export function keepUnits(text: string): string {
  return text.replace(/(\d) (%|m\b|km\b|g\b|°C|years\b)/g, '$1\u00a0$2');
}

/** Scrolls to a section and moves focus to its heading, without a router navigation. */
function Section({ id, children, className }: { id: SectionId; children: ReactNode; className?: string }) {
  const title = METHODOLOGY_SECTIONS.find((s) => s.id === id)!.title;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-24 ${className ?? ''}`}>
      <h2 id={`${id}-title`} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 outline-none sm:text-3xl">
        {title}
      </h2>
      {/* Prose keeps a readable line length; lists and tables use the full column. */}
      <div className="mt-4 space-y-4 text-base leading-relaxed text-slate-600 [&>p]:max-w-3xl">{children}</div>
    </section>
  );
}

function Contents() {
  return (
    <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
      <p className="text-sm font-semibold tracking-wide text-slate-900 uppercase">On this page</p>
      <ContentsList
        sections={METHODOLOGY_SECTIONS}
        className="mt-3 grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-1"
        numberClassName="w-4 shrink-0 text-right text-slate-500 tabular-nums"
      />
    </nav>
  );
}

function HazardCard({ hazard }: { hazard: Hazard }) {
  const { icon: Icon, name, what, measured, data } = hazard;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h3 className="flex items-center gap-3 text-lg font-semibold text-slate-900">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {name}
      </h3>
      <p className="mt-3 text-sm leading-relaxed text-slate-600">{what}</p>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="font-semibold text-slate-900">What is measured at the site</dt>
          <dd className="mt-0.5 leading-relaxed text-slate-600">{measured}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Data</dt>
          <dd className="mt-0.5 leading-relaxed text-slate-600">{data}</dd>
        </div>
      </dl>
    </li>
  );
}

const screening = methodologyCopy.screening;

/** How a report's sanctions screening is made: the lists, their freshness, the matching, decisions and limits (copy: methodology.json). */
function ScreeningMethod() {
  return (
    <>
      <p>{screening.intro}</p>
      <ul aria-label="Sanctions lists" className="mt-6 grid gap-4 md:grid-cols-3">
        {screening.lists.map((l) => (
          <li key={l.name} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
            <h3 className="font-semibold text-slate-900">{l.name}</h3>
            <p className="mt-1 text-sm text-slate-500">{l.publisher}</p>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{l.text}</p>
          </li>
        ))}
      </ul>
      <h3 className="pt-4 text-lg font-semibold text-slate-900">{screening.freshnessTitle}</h3>
      {screening.freshness.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <h3 className="pt-4 text-lg font-semibold text-slate-900">{screening.matchingTitle}</h3>
      <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white text-sm">
        {screening.matching.map((m) => (
          <div key={m.title} className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-semibold text-slate-900">{m.title}</dt>
            <dd className="leading-relaxed text-slate-600">{m.text}</dd>
          </div>
        ))}
      </dl>
      {(
        [
          [screening.partiesTitle, screening.parties],
          [screening.reportTitle, screening.report],
          [screening.decisionsTitle, screening.decisions],
        ] as const
      ).map(([title, text]) => (
        <div key={title} className="space-y-2">
          <h3 className="pt-4 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="max-w-3xl">{text}</p>
        </div>
      ))}
      <h3 className="pt-4 text-lg font-semibold text-slate-900">{screening.limitsTitle}</h3>
      <ul className="grid gap-4 sm:grid-cols-3">
        {screening.limits.map((l) => (
          <li key={l.title} className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
            <h4 className="font-semibold text-amber-950">{l.title}</h4>
            <p className="mt-1.5 text-sm leading-relaxed text-amber-900">{l.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Public page (/methodology): how each rating is made, from which data, and what the data cannot
 * see. Every threshold it states is written from the hazard rule table (`rules`, default the shipped one).
 */
export function MethodologyPage({ rules = HAZARD_RULES }: { rules?: HazardRules } = {}) {
  usePageMeta(methodologyCopy.meta);
  const example = riskScore(3, 4);
  const hazards = hazardCards(rules);
  const thresholds = hazardRuleTexts(rules);
  const layers = deploymentLayers(rules);
  const locationShare = Math.round((OVERALL_WEIGHTS.location / (OVERALL_WEIGHTS.location + OVERALL_WEIGHTS.industry)) * 100);

  return (
    <>
      <PageHero {...methodologyCopy.hero} />

      <Container className="grid gap-10 py-14 sm:py-20 lg:grid-cols-[14rem_1fr] lg:gap-14">
        <Contents />

        <div className="flex min-w-0 flex-col gap-16">
          <Section id="overview">
            <p>
              A report rates each risk for <strong className="text-slate-900">likelihood</strong> (how probable a damaging event is)
              and <strong className="text-slate-900">impact</strong> (how severe it would be for this company), each from 0
              (Negligible) to 5 (Very High).
            </p>
            <p>
              For the location risks, Corisk places the company on the map and measures the site: its height above the sea, the
              rivers and coast around it, the earthquakes and volcanoes nearby. A written rule turns each measurement into a
              hazard level, and the level becomes the likelihood. Impact starts from the hazard’s typical severity and moves with
              the company’s activity: a plant full of machinery loses more to a flood than an office.
            </p>
            <p>
              Each rating lists its reasons and its <strong className="text-slate-900">evidence</strong>: what was measured, the
              value at the site, the threshold that set the level and the dataset, for example “ETOPO5: 3 m above sea level,
              1.2 km from the coast: low-lying coastal site”. The same site always gets the same evidence, and the PDF ends with
              the data sources the report used.
            </p>
          </Section>

          <Section id="hazards">
            <p>
              The natural hazards of every report, under the names the report gives them. Crime / Theft and Political / Economic
              Stability complete the location risks; they come from the country’s INFORM indicators and the population around
              the site.
            </p>
            <ul className="mt-6 grid gap-5 md:grid-cols-2">
              {hazards.map((h) => (
                <HazardCard key={h.name} hazard={h} />
              ))}
            </ul>
          </Section>

          <Section id="data">
            <p>Every installation carries these public datasets, so a report needs no outside service and can be reproduced.</p>
            <ul className="mt-6 grid gap-4">
              {DATASETS.map((d) => (
                <li key={d.key} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <h3 className="font-semibold text-slate-900">{d.name}</h3>
                    <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
                      {d.licence}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-slate-500">
                    {d.publisher} · Version: {d.version}
                  </p>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{d.detail}</p>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">
                    <span className="font-medium text-slate-900">Used for:</span> {d.used_for}
                  </p>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="levels">
            <p>
              Levels follow a written rule set modelled on GFDRR’s ThinkHazard: a hazard is rated by how strong an event must be
              to cause damage (the <em>intensity threshold</em>) and how often such an event is expected at the site (the{' '}
              <em>frequency</em>). The bundled data rarely measures the intensity directly, so a documented proxy stands in, such
              as the earthquakes on record or the height above a nearby river, and the evidence says which.
            </p>
            <p>
              A hazard level is the likelihood of the risk, from 0 (Negligible) to 5 (Very High), and each level of a site hazard
              has one fixed sentence that opens the risk’s reasons. For Volcanic Activity:
            </p>
            <ul className="mt-6 grid gap-3">
              {LEVELS.map((l) => (
                <li key={l.level} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:gap-4">
                  <span
                    className={`inline-flex w-28 shrink-0 justify-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${LEVEL_TONES[l.level]}`}
                  >
                    {l.label}
                  </span>
                  <span className="text-sm leading-relaxed text-slate-700">{l.sentence}</span>
                </li>
              ))}
            </ul>
            <h3 className="pt-4 text-lg font-semibold text-slate-900">The thresholds</h3>
            <p>Each rule is read from the highest level down: a level applies where no higher one does.</p>
            <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white text-sm">
              {thresholds.map((t) => (
                <div key={t.hazard} className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
                  <dt className="font-semibold text-slate-900">{t.hazard}</dt>
                  <dd className="leading-relaxed text-slate-600">{keepUnits(t.rule)}</dd>
                </div>
              ))}
            </dl>
          </Section>

          <Section id="calibration">
            <CalibrationTable />
          </Section>

          <Section id="industry">
            <p>
              Industry risks (Property / Fire, Liability, Business Interruption, Cyber, Environmental, Regulatory, Supply Chain and
              Workforce Injury) come from what the company does: its NACE Rev. 2 activity code. For companies in France, Czechia,
              Finland, Poland and Romania it is official: the national company register, found from the VAT number, gives the
              national activity code (NAF, CZ-NACE, TOL, PKD or CAEN), which is mapped to its NACE class, and the reasons cite the
              register and the original code. Elsewhere the code comes from the company source when it gives one, and otherwise
              is read from words in the company name (“Seguros”, “Versicherung”, “Chimica”…). The report says which.
            </p>
            <p>
              The register also gives the legal form, the status, the date of incorporation and the staff band. A dissolved,
              insolvent or liquidating company is flagged first among the key takeaways, a company younger than two years gets a
              note on its short track record, and the staff band and legal form adjust the impact of the risks they bear on.
            </p>
            <p>
              Each group of NACE divisions has an underwriting profile that rates every industry risk, refined for specific
              activities. A few site facts then adjust it: a severe natural hazard at the site lengthens business interruption, a
              heavy industrial site near the sea opens a pollution pathway, and an island state lengthens supply chains.
            </p>
            <p>
              The site type matters as much as the activity: an energy company&apos;s head office is not rated for its generation
              plant. Each assessment rates one site type (office, warehouse, plant, retail, construction site or other), chosen on
              the assessment screen, in a portfolio file or through the API. Without a choice Corisk assumes the activity&apos;s
              typical site (refining, chemicals, metals and machinery: a plant; wholesale: a warehouse; retail: a shop;
              construction: a construction site; IT, finance, real estate and professional services: an office), and the report
              and its key takeaways say it was assumed. A site type other than the activity&apos;s own replaces the site-bound
              risks (Property / Fire, Environmental, Workforce Injury and Business Interruption) with that site&apos;s, and sets
              how much a natural hazard would cost to restore there: an office has few physical assets, a plant many. The other
              industry risks stay the company&apos;s.
            </p>
          </Section>

          <Section id="scores">
            <p>
              Each risk’s score runs from 0 to 100, and higher is better. It is read from one published table of likelihood
              against impact: a risk of Moderate likelihood (3) and High impact (4) scores {example}. The table keeps every grade
              true to its hazard level: a likelihood of Low or below never scores under 70 (C), an F needs a likelihood of High or
              more (or Moderate with Very High impact), and a score never rises as likelihood or impact rises.
            </p>
            <ScoreTable />
            <p>
              The location and industry averages are the means of their risk scores. The overall score weighs them{' '}
              {locationShare} / {100 - locationShare}. Every score and grade is computed by Corisk from the likelihood and impact,
              never written by the analyst, so the numbers always agree.
            </p>
            <div className="mt-4 max-w-xl overflow-hidden rounded-2xl border border-slate-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Grades and their score bands</caption>
                <thead className="bg-slate-50 text-slate-900">
                  <tr>
                    <HeaderCells names={['Grade', 'Score', 'Meaning']} className="px-4 py-2.5 font-semibold" />
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {GRADE_BANDS.map((b) => (
                    <tr key={b.grade}>
                      <th scope="row" className="px-4 py-2.5 font-bold text-slate-900">
                        {b.grade}
                      </th>
                      <td className="px-4 py-2.5 whitespace-nowrap text-slate-600 tabular-nums">
                        {b.min}–{b.max}
                      </td>
                      <td className="px-4 py-2.5 text-slate-600">{b.label}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>

          <Section id="screening">
            <ScreeningMethod />
          </Section>

          <Section id="deployment-layers">
            <p>
              Underwriting-grade hazard maps cannot be bundled with every installation, but a deployment can add them. When a
              layer is installed it replaces the bundled proxy for its hazard, its thresholds follow ThinkHazard’s, and the evidence
              names it.
            </p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {layers.map((l) => (
                <li key={l.name} className="rounded-2xl border border-slate-200 bg-white p-5">
                  <h3 className="font-semibold text-slate-900">{l.name}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{l.text}</p>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{keepUnits(l.rule)}</p>
                  <p className="mt-2 text-xs font-medium text-slate-500">Licence: {l.licence}</p>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="limits">
            <p>
              A Corisk report is a fast, consistent first view of a site. It supports, and does not replace, a survey and the
              underwriter’s judgement.
            </p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {LIMITS.map((l) => (
                <li key={l.title} className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
                  <h3 className="font-semibold text-amber-950">{l.title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-amber-900">{l.text}</p>
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </Container>

      <CtaSection id="methodology-cta-title" {...methodologyCopy.cta}>
        <LinkButton to="/features" size="lg" variant="outline">
          Explore Features
        </LinkButton>
      </CtaSection>
    </>
  );
}
