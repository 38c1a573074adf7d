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
import { formatCount } from '../../lib/format';
import { localised, t, T } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { PageHero } from './page-hero';
import { CtaSection } from './cta-section';
import { ContentsList } from '../../components/ui/contents-list';
import { Volcano } from './volcano-icon';
import { HeaderCells } from '../../components/ui/header-cells';

/** The sections of the page, in order: the table of contents links to each heading. Titles are message ids. */
export const METHODOLOGY_SECTIONS = [
  { id: 'overview', title: 'methodology.sections.overview' },
  { id: 'hazards', title: 'methodology.sections.hazards' },
  { id: 'data', title: 'methodology.sections.data' },
  { id: 'levels', title: 'methodology.sections.levels' },
  { id: 'calibration', title: 'methodology.sections.calibration' },
  { id: 'industry', title: 'methodology.sections.industry' },
  { id: 'scores', title: 'methodology.sections.scores' },
  { id: 'screening', title: 'methodology.sections.screening' },
  { id: 'deployment-layers', title: 'methodology.sections.deploymentLayers' },
  { id: 'limits', title: 'methodology.sections.limits' },
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

/**
 * What the page says of each hazard (message ids; `measured` in the active language); its name,
 * datasets and any distance the rules set come from the rule table.
 */
const HAZARD_TEXTS: Record<HazardKey, { icon: LucideIcon; what: string; measured: (rules: HazardRules) => string }> = {
  earthquake: {
    icon: Activity,
    what: 'methodology.hazards.earthquakeWhat',
    measured: () => t('methodology.hazards.earthquakeMeasured'),
  },
  riverFlood: {
    icon: Droplets,
    what: 'methodology.hazards.riverFloodWhat',
    measured: (r) => t('methodology.hazards.riverFloodMeasured', { km: formatCount(r.riverFlood.searchKm) }),
  },
  coastalFlood: {
    icon: Waves,
    what: 'methodology.hazards.coastalFloodWhat',
    measured: () => t('methodology.hazards.coastalFloodMeasured'),
  },
  landslide: {
    icon: Mountain,
    what: 'methodology.hazards.landslideWhat',
    measured: () => t('methodology.hazards.landslideMeasured'),
  },
  volcano: {
    icon: Volcano,
    what: 'methodology.hazards.volcanoWhat',
    measured: (r) => t('methodology.hazards.volcanoMeasured', { km: formatCount(mapReach(r).volcanoKm) }),
  },
  heat: {
    icon: Thermometer,
    what: 'methodology.hazards.heatWhat',
    measured: () => t('methodology.hazards.heatMeasured'),
  },
  wildfire: {
    icon: Flame,
    what: 'methodology.hazards.wildfireWhat',
    measured: () => t('methodology.hazards.wildfireMeasured'),
  },
  windstorm: {
    icon: Wind,
    what: 'methodology.hazards.windstormWhat',
    measured: () => t('methodology.hazards.windstormMeasured'),
  },
  drought: {
    icon: Sun,
    what: 'methodology.hazards.droughtWhat',
    measured: () => t('methodology.hazards.droughtMeasured'),
  },
};

/** The natural hazards of the location part of a report, named as the reports name them, with the datasets the rules read. */
export function hazardCards(rules: HazardRules = HAZARD_RULES): Hazard[] {
  return hazardRuleTexts(rules).map(({ key }) => {
    const { icon, what, measured } = HAZARD_TEXTS[key];
    const data = rules[key].datasets.map((d) => `${BUNDLED_DATASETS[d.key].name}${d.role ? ` (${d.role})` : ''}`).join('; ');
    return { icon, name: rules[key].name, what: t(what), measured: measured(rules), data };
  });
}

/** What the page says about each bundled dataset (message ids); its name, version and licence come from the reports’ own list. */
const DATASET_NOTES: Record<DatasetKey, { publisher: string; detail: string }> = {
  etopo5: { publisher: 'methodology.data.noaaPublisher', detail: 'methodology.data.etopo5Detail' },
  rivers: { publisher: 'methodology.data.naturalEarthPublisher', detail: 'methodology.data.riversDetail' },
  gshhg: { publisher: 'methodology.data.gshhgPublisher', detail: 'methodology.data.gshhgDetail' },
  seismicCodes: { publisher: 'methodology.data.seismicCodesPublisher', detail: 'methodology.data.seismicCodesDetail' },
  coastline: { publisher: 'methodology.data.naturalEarthPublisher', detail: 'methodology.data.coastlineDetail' },
  earthquakes: { publisher: 'methodology.data.noaaPublisher', detail: 'methodology.data.earthquakesDetail' },
  volcanoes: { publisher: 'methodology.data.volcanoesPublisher', detail: 'methodology.data.volcanoesDetail' },
  gazetteer: { publisher: 'methodology.data.gazetteerPublisher', detail: 'methodology.data.gazetteerDetail' },
  inform: { publisher: 'methodology.data.informPublisher', detail: 'methodology.data.informDetail' },
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

/** Deployment layers, each with the ThinkHazard thresholds the server applies to it (from the rule table), in the active language. */
export function deploymentLayers(rules: HazardRules = HAZARD_RULES): { name: string; text: string; rule: string; licence: string }[] {
  const said = rasterRuleTexts(rules);
  return [
    { name: t('methodology.layers.eshmName'), text: t('methodology.layers.eshmText'), rule: said.pga, licence: 'CC BY 4.0' },
    { name: t('methodology.layers.jrcName'), text: t('methodology.layers.jrcText'), rule: said.floodDepth, licence: 'CC BY 4.0' },
    { name: t('methodology.layers.aqueductName'), text: t('methodology.layers.aqueductText'), rule: said.waterStress, licence: 'CC BY 4.0' },
    {
      name: t('methodology.layers.copernicusName'),
      text: t('methodology.layers.copernicusText'),
      rule: said.fireAndHeat,
      licence: t('methodology.layers.copernicusLicence'),
    },
    {
      name: t('methodology.layers.nasaName'),
      text: t('methodology.layers.nasaText'),
      rule: t('methodology.layers.nasaRule'),
      licence: t('methodology.layers.noRestrictions'),
    },
  ];
}

/** Title and text are message ids. */
const LIMITS: readonly { title: string; text: string }[] = [
  { title: 'methodology.limits.gridTitle', text: 'methodology.limits.gridText' },
  { title: 'methodology.limits.cataloguesTitle', text: 'methodology.limits.cataloguesText' },
  { title: 'methodology.limits.countryTitle', text: 'methodology.limits.countryText' },
  { title: 'methodology.limits.siteTitle', text: 'methodology.limits.siteText' },
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
        {t(title)}
      </h2>
      {/* Prose keeps a readable line length; lists and tables use the full column. */}
      <div className="mt-4 space-y-4 text-base leading-relaxed text-slate-600 [&>p]:max-w-3xl">{children}</div>
    </section>
  );
}

function Contents() {
  return (
    <nav aria-label={t('methodology.contents.title')} className="lg:sticky lg:top-24 lg:self-start">
      <p className="text-sm font-semibold tracking-wide text-slate-900 uppercase">{t('methodology.contents.title')}</p>
      <ContentsList
        sections={METHODOLOGY_SECTIONS.map((s) => ({ id: s.id, title: t(s.title) }))}
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
          <dt className="font-semibold text-slate-900">{t('methodology.hazards.measuredLabel')}</dt>
          <dd className="mt-0.5 leading-relaxed text-slate-600">{measured}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t('methodology.hazards.dataLabel')}</dt>
          <dd className="mt-0.5 leading-relaxed text-slate-600">{data}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The screening section's lists, matching rules, further topics and limits: message ids. */
const SCREENING = {
  lists: [
    { name: 'methodology.screening.euListName', publisher: 'methodology.screening.euListPublisher', text: 'methodology.screening.euListText' },
    { name: 'methodology.screening.unListName', publisher: 'methodology.screening.unListPublisher', text: 'methodology.screening.unListText' },
    { name: 'methodology.screening.ukListName', publisher: 'methodology.screening.ukListPublisher', text: 'methodology.screening.ukListText' },
  ],
  freshness: ['methodology.screening.freshness1', 'methodology.screening.freshness2'],
  matching: [
    { title: 'methodology.screening.identifiersTitle', text: 'methodology.screening.identifiersText' },
    { title: 'methodology.screening.namesTitle', text: 'methodology.screening.namesText' },
    { title: 'methodology.screening.legalFormsTitle', text: 'methodology.screening.legalFormsText' },
    { title: 'methodology.screening.scoreTitle', text: 'methodology.screening.scoreText' },
  ],
  topics: [
    { title: 'methodology.screening.partiesTitle', text: 'methodology.screening.partiesText' },
    { title: 'methodology.screening.reportTitle', text: 'methodology.screening.reportText' },
    { title: 'methodology.screening.decisionsTitle', text: 'methodology.screening.decisionsText' },
  ],
  limits: [
    { title: 'methodology.screening.birthDateTitle', text: 'methodology.screening.birthDateText' },
    { title: 'methodology.screening.ownersTitle', text: 'methodology.screening.ownersText' },
    { title: 'methodology.screening.legalAdviceTitle', text: 'methodology.screening.legalAdviceText' },
  ],
} as const;

/** How a report's sanctions screening is made: the lists, their freshness, the matching, decisions and limits. */
function ScreeningMethod() {
  return (
    <>
      <p>{t('methodology.screening.intro')}</p>
      <ul aria-label={t('methodology.screening.listsLabel')} className="mt-6 grid gap-4 md:grid-cols-3">
        {SCREENING.lists.map((l) => (
          <li key={l.name} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
            <h3 className="font-semibold text-slate-900">{t(l.name)}</h3>
            <p className="mt-1 text-sm text-slate-500">{t(l.publisher)}</p>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(l.text)}</p>
          </li>
        ))}
      </ul>
      <h3 className="pt-4 text-lg font-semibold text-slate-900">{t('methodology.screening.freshnessTitle')}</h3>
      {SCREENING.freshness.map((text) => (
        <p key={text}>{t(text)}</p>
      ))}
      <h3 className="pt-4 text-lg font-semibold text-slate-900">{t('methodology.screening.matchingTitle')}</h3>
      <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white text-sm">
        {SCREENING.matching.map((m) => (
          <div key={m.title} className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-semibold text-slate-900">{t(m.title)}</dt>
            <dd className="leading-relaxed text-slate-600">{t(m.text)}</dd>
          </div>
        ))}
      </dl>
      {SCREENING.topics.map(({ title, text }) => (
        <div key={title} className="space-y-2">
          <h3 className="pt-4 text-lg font-semibold text-slate-900">{t(title)}</h3>
          <p className="max-w-3xl">{t(text)}</p>
        </div>
      ))}
      <h3 className="pt-4 text-lg font-semibold text-slate-900">{t('methodology.screening.limitsTitle')}</h3>
      <ul className="grid gap-4 sm:grid-cols-3">
        {SCREENING.limits.map((l) => (
          <li key={l.title} className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
            <h4 className="font-semibold text-amber-950">{t(l.title)}</h4>
            <p className="mt-1.5 text-sm leading-relaxed text-amber-900">{t(l.text)}</p>
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
  usePageMeta({ title: t('methodology.meta.title'), description: t('methodology.meta.description') });
  const example = riskScore(3, 4);
  const hazards = hazardCards(rules);
  const thresholds = hazardRuleTexts(rules);
  const layers = deploymentLayers(rules);
  const locationShare = Math.round((OVERALL_WEIGHTS.location / (OVERALL_WEIGHTS.location + OVERALL_WEIGHTS.industry)) * 100);
  const strong = { 0: <strong className="text-slate-900" /> };

  return (
    <>
      <PageHero
        id="methodology-title"
        eyebrow={t('methodology.hero.eyebrow')}
        title={t('methodology.hero.title')}
        description={t('methodology.hero.description')}
      />

      <Container className="grid gap-10 py-14 sm:py-20 lg:grid-cols-[14rem_1fr] lg:gap-14">
        <Contents />

        <div className="flex min-w-0 flex-col gap-16">
          <Section id="overview">
            <p>
              <T id="methodology.overview.ratings" components={strong} />
            </p>
            <p>{t('methodology.overview.location')}</p>
            <p>
              <T id="methodology.overview.evidence" components={strong} />
            </p>
          </Section>

          <Section id="hazards">
            <p>{t('methodology.hazards.intro')}</p>
            <ul className="mt-6 grid gap-5 md:grid-cols-2">
              {hazards.map((h) => (
                <HazardCard key={h.name} hazard={h} />
              ))}
            </ul>
          </Section>

          <Section id="data">
            <p>{t('methodology.data.intro')}</p>
            <ul className="mt-6 grid gap-4">
              {DATASETS.map((d) => (
                <li key={d.key} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <h3 className="font-semibold text-slate-900">{d.name}</h3>
                    <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
                      {d.licence}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-slate-500">{t('methodology.data.publisherVersion', { publisher: t(d.publisher), version: d.version })}</p>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(d.detail)}</p>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">
                    <T id="methodology.data.usedFor" values={{ usedFor: d.used_for }} components={{ 0: <span className="font-medium text-slate-900" /> }} />
                  </p>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="levels">
            <p>
              <T id="methodology.levels.rules" components={{ 0: <em /> }} />
            </p>
            <p>{t('methodology.levels.sentences')}</p>
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
            <h3 className="pt-4 text-lg font-semibold text-slate-900">{t('methodology.levels.thresholdsTitle')}</h3>
            <p>{t('methodology.levels.thresholdsText')}</p>
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
            <p>{t('methodology.industry.activity')}</p>
            <p>{t('methodology.industry.register')}</p>
            <p>{t('methodology.industry.profiles')}</p>
            <p>{t('methodology.industry.siteType')}</p>
          </Section>

          <Section id="scores">
            <p>{t('methodology.scores.table', { example })}</p>
            <ScoreTable />
            <p>{t('methodology.scores.weights', { location: locationShare, industry: 100 - locationShare })}</p>
            <div className="mt-4 max-w-xl overflow-hidden rounded-2xl border border-slate-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('methodology.scores.gradesCaption')}</caption>
                <thead className="bg-slate-50 text-slate-900">
                  <tr>
                    <HeaderCells
                      names={[t('methodology.scores.gradeColumn'), t('methodology.scores.scoreColumn'), t('methodology.scores.meaningColumn')]}
                      className="px-4 py-2.5 font-semibold"
                    />
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
            <p>{t('methodology.layers.intro')}</p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {layers.map((l) => (
                <li key={l.name} className="rounded-2xl border border-slate-200 bg-white p-5">
                  <h3 className="font-semibold text-slate-900">{l.name}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{l.text}</p>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{keepUnits(l.rule)}</p>
                  <p className="mt-2 text-xs font-medium text-slate-500">{t('methodology.layers.licence', { licence: l.licence })}</p>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="limits">
            <p>{t('methodology.limits.intro')}</p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {LIMITS.map((l) => (
                <li key={l.title} className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
                  <h3 className="font-semibold text-amber-950">{t(l.title)}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-amber-900">{t(l.text)}</p>
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </Container>

      <CtaSection
        id="methodology-cta-title"
        title={t('methodology.cta.title')}
        text={t('methodology.cta.text')}
        plans={t('methodology.cta.viewPlans')}
      >
        <LinkButton to={localised('/features')} size="lg" variant="outline">
          {t('methodology.cta.exploreFeatures')}
        </LinkButton>
      </CtaSection>
    </>
  );
}
