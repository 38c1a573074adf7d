import {
  Activity,
  ArrowRight,
  Building,
  Cpu,
  Droplets,
  FileText,
  Flame,
  HardHat,
  Landmark,
  Leaf,
  Mountain,
  Scale,
  Siren,
  Sun,
  Thermometer,
  Timer,
  Truck,
  Wind,
} from 'lucide-react';
import { Link } from 'react-router';
import { IconList } from '../../components/ui/icon-list';
import { localised, t } from '../../lib/i18n';
import { LOOKS } from './icon-list-looks';
import { inWords, MarketingSection, type MessageItem } from './section-heading';
import { Volcano } from './volcano-icon';

export const LOCATION_RISKS: readonly MessageItem[] = [
  { icon: Droplets, title: 'marketing.risks.floodTitle', text: 'marketing.risks.floodText' },
  { icon: Activity, title: 'marketing.risks.earthquakeTitle', text: 'marketing.risks.earthquakeText' },
  { icon: Flame, title: 'marketing.risks.wildfireTitle', text: 'marketing.risks.wildfireText' },
  { icon: Wind, title: 'marketing.risks.windstormTitle', text: 'marketing.risks.windstormText' },
  { icon: Thermometer, title: 'marketing.risks.heatTitle', text: 'marketing.risks.heatText' },
  { icon: Sun, title: 'marketing.risks.droughtTitle', text: 'marketing.risks.droughtText' },
  { icon: Mountain, title: 'marketing.risks.landslideTitle', text: 'marketing.risks.landslideText' },
  { icon: Volcano, title: 'marketing.risks.volcanoTitle', text: 'marketing.risks.volcanoText' },
  { icon: Siren, title: 'marketing.risks.crimeTitle', text: 'marketing.risks.crimeText' },
  { icon: Landmark, title: 'marketing.risks.politicalTitle', text: 'marketing.risks.politicalText' },
];

export const INDUSTRY_RISKS: readonly MessageItem[] = [
  { icon: Building, title: 'marketing.risks.propertyTitle', text: 'marketing.risks.propertyText' },
  { icon: Scale, title: 'marketing.risks.liabilityTitle', text: 'marketing.risks.liabilityText' },
  { icon: Timer, title: 'marketing.risks.interruptionTitle', text: 'marketing.risks.interruptionText' },
  { icon: Cpu, title: 'marketing.risks.cyberTitle', text: 'marketing.risks.cyberText' },
  { icon: Leaf, title: 'marketing.risks.environmentalTitle', text: 'marketing.risks.environmentalText' },
  { icon: FileText, title: 'marketing.risks.regulatoryTitle', text: 'marketing.risks.regulatoryText' },
  { icon: Truck, title: 'marketing.risks.supplyChainTitle', text: 'marketing.risks.supplyChainText' },
  { icon: HardHat, title: 'marketing.risks.workforceTitle', text: 'marketing.risks.workforceText' },
];

function RiskList({ id, title, description, risks }: { id: string; title: string; description: string; risks: readonly MessageItem[] }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{description}</p>
      <IconList items={inWords(risks)} look={LOOKS.risk} labelledBy={id} />
    </div>
  );
}

/** The 'Risk assessment features' section: every risk the report scores. */
export function RiskCoverage() {
  return (
    <MarketingSection
      heading={{
        id: 'risk-coverage-title',
        eyebrow: t('marketing.risks.eyebrow'),
        title: t('marketing.risks.title'),
        description: t('marketing.risks.description'),
      }}
      tone="slate"
    >
      <div className="mt-14 grid gap-6 lg:grid-cols-2">
        <RiskList
          id="location-risks-title"
          title={t('marketing.risks.locationTitle')}
          description={t('marketing.risks.locationDescription')}
          risks={LOCATION_RISKS}
        />
        <RiskList
          id="industry-risks-title"
          title={t('marketing.risks.industryTitle')}
          description={t('marketing.risks.industryDescription')}
          risks={INDUSTRY_RISKS}
        />
      </div>
      <p className="mt-10 text-center text-base text-slate-600">
        {t('marketing.risks.methodologyLead')}{' '}
        <Link to={localised('/methodology')} className="inline-flex items-center gap-1 font-semibold text-brand-700 underline hover:text-brand-900">
          {t('marketing.risks.methodologyLink')} <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </p>
    </MarketingSection>
  );
}
