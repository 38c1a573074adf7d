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
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { SectionHeading } from './section-heading';
import { Volcano } from './volcano-icon';

interface Risk {
  icon: LucideIcon;
  name: string;
  text: string;
}

export const LOCATION_RISKS: readonly Risk[] = [
  { icon: Droplets, name: 'Flood', text: 'River, surface-water and coastal flooding, including storm surge near the coast.' },
  { icon: Activity, name: 'Earthquake', text: 'Seismic hazard of the site from regional ground-shaking data.' },
  { icon: Flame, name: 'Wildfire', text: 'Exposure to forest and vegetation fires around the premises.' },
  { icon: Wind, name: 'Windstorm', text: 'European winter storms and severe convective winds.' },
  { icon: Thermometer, name: 'Extreme heat', text: 'Heatwave frequency and its effect on people, stock and equipment.' },
  { icon: Sun, name: 'Drought', text: 'Water scarcity and subsidence risk for buildings and operations.' },
  { icon: Mountain, name: 'Landslide', text: 'Slope instability in hilly and mountainous terrain.' },
  { icon: Volcano, name: 'Volcanic activity', text: 'Ash fall and eruptions from volcanoes active in the last 10,000 years.' },
  { icon: Siren, name: 'Crime and theft', text: 'Burglary, theft and vandalism exposure of the area.' },
  { icon: Landmark, name: 'Political and economic stability', text: 'Country-level stability, rule of law and economic outlook.' },
];

export const INDUSTRY_RISKS: readonly Risk[] = [
  { icon: Building, name: 'Property and fire', text: 'Fire load, processes and construction typical of the activity.' },
  { icon: Scale, name: 'Liability', text: 'Third-party, product and professional liability exposure.' },
  { icon: Timer, name: 'Business interruption', text: 'How long operations could stop after a loss, and what it would cost.' },
  { icon: Cpu, name: 'Cyber', text: 'Dependence on IT systems and data, and the impact of an incident.' },
  { icon: Leaf, name: 'Environmental', text: 'Pollution and contamination potential of the activity.' },
  { icon: FileText, name: 'Regulatory', text: 'Licensing, compliance and sanction risk of the sector.' },
  { icon: Truck, name: 'Supply chain', text: 'Reliance on suppliers, logistics and single points of failure.' },
  { icon: HardHat, name: 'Workforce', text: 'Occupational injury and health risks of the work involved.' },
];

function RiskList({ id, title, description, risks }: { id: string; title: string; description: string; risks: readonly Risk[] }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{description}</p>
      <ul aria-labelledby={id} className="mt-6 grid gap-4 sm:grid-cols-2">
        {risks.map(({ icon: Icon, name, text }) => (
          <li key={name} className="flex gap-3">
            <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm font-semibold text-slate-900">{name}</p>
              <p className="mt-0.5 text-sm leading-relaxed text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The 'Risk assessment features' section: every risk the report scores. */
export function RiskCoverage() {
  return (
    <section aria-labelledby="risk-coverage-title" className="bg-slate-50 py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="risk-coverage-title"
          eyebrow="Risk assessment features"
          title="15+ risk factors, each scored and explained"
          description="Every risk is rated for likelihood and impact on a 5 × 5 matrix and turned into a score from 0 to 100. Each score lists the data behind it, so you can check the reasoning."
        />
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
      </Container>
    </section>
  );
}
