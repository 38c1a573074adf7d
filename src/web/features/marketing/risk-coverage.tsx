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
import { IconList, type IconItem, withIcons } from '../../components/ui/icon-list';
import { LOOKS } from './icon-list-looks';
import { MarketingSection } from './section-heading';
import { Volcano } from './volcano-icon';
import riskCoverageCopy from './copy/risk-coverage.json';

export const LOCATION_RISKS = withIcons(riskCoverageCopy.location, { Droplets, Activity, Flame, Wind, Thermometer, Sun, Mountain, Volcano, Siren, Landmark });

export const INDUSTRY_RISKS = withIcons(riskCoverageCopy.industry, { Building, Scale, Timer, Cpu, Leaf, FileText, Truck, HardHat });

function RiskList({ id, title, description, risks }: { id: string; title: string; description: string; risks: readonly IconItem[] }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{description}</p>
      <IconList items={risks} look={LOOKS.risk} labelledBy={id} />
    </div>
  );
}

/** The 'Risk assessment features' section: every risk the report scores. */
export function RiskCoverage() {
  return (
    <MarketingSection heading={riskCoverageCopy.headings.riskCoverage} tone="slate">
      <div className="mt-14 grid gap-6 lg:grid-cols-2">
        <RiskList
          id="location-risks-title"
          title="Location-based risks"
          description="Natural hazards and surroundings of the company’s site, from its coordinates and country."
          risks={LOCATION_RISKS}
        />
        <RiskList
          id="industry-risks-title"
          title="Industry-specific risks"
          description="Exposures that come with what the company does, from its registered activity."
          risks={INDUSTRY_RISKS}
        />
      </div>
      <p className="mt-10 text-center text-base text-slate-600">
        Which data sits behind each hazard, how its level is set and what the data cannot see:{' '}
        <Link to="/methodology" className="inline-flex items-center gap-1 font-semibold text-brand-700 underline hover:text-brand-900">
          Read the methodology <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </p>
    </MarketingSection>
  );
}
