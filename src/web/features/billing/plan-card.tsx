import { ArrowRight, Check, Coins, Lock, Sparkles } from 'lucide-react';
import type { PricingPlan } from '../../../shared/contracts/billing';
import { monthlyEquivalent, type BillingPeriod, type PlanCardAction, type PlanTier, type PurchaseBusy } from '../../../shared/plans';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { LinkButton } from '../../components/ui/link-button';
import { Spinner } from '../../components/ui/spinner';
import { pricingPlanText } from '../../entities/billing/plan-text';
import { formatCount, formatEuro } from '../../lib/format';
import { T, t } from '../../lib/i18n';

/** Card accents by the catalogue's colour name. */
const ACCENTS: Record<string, { bar: string; icon: string; ring: string }> = {
  brand: { bar: 'bg-brand-700', icon: 'bg-brand-50 text-brand-700', ring: 'ring-brand-700' },
  accent: { bar: 'bg-accent-500', icon: 'bg-green-50 text-accent-600', ring: 'ring-accent-500' },
  violet: { bar: 'bg-violet-600', icon: 'bg-violet-50 text-violet-700', ring: 'ring-violet-600' },
};
const DEFAULT_ACCENT = { bar: 'bg-slate-500', icon: 'bg-slate-100 text-slate-700', ring: 'ring-slate-500' };

export interface PlanCardProps {
  tier: PlanTier;
  plan: PricingPlan;
  period: BillingPeriod;
  action: PlanCardAction;
  /** This card's purchase state ('Processing...' then 'Redirecting...'). */
  busy?: PurchaseBusy;
  onPurchase: (tier: PlanTier) => void;
}

/** What a purchase button says while its checkout starts ('Processing...' then 'Redirecting...'). */
const BUSY_LABELS = { processing: 'billing.plan.processing', redirecting: 'billing.plan.redirecting' } as const;

/** A purchase button's words: the busy state's, else its own. */
function purchaseLabel(busy: PurchaseBusy, idle: string): string {
  return busy ? t(BUSY_LABELS[busy]) : idle;
}

/** Whole euros without decimals, anything else with two. */
function euros(amount: number): string {
  return formatEuro(amount, Number.isInteger(amount) ? 0 : 2);
}

function PlanPrice({ plan, period }: { plan: PricingPlan; period: BillingPeriod }) {
  const amount = plan.prices[period];
  if (period === 'year') {
    return (
      <div>
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight text-slate-900">{formatEuro(Number(monthlyEquivalent(amount)))}</span>
          <span className="text-sm font-medium text-slate-500">{t('billing.plan.perMonth')}</span>
          {/* Beside every price: the amounts are net (VAT is added, or reverse-charged, at checkout). */}
          <span className="text-sm font-medium text-slate-500">{t('billing.plan.exclVat')}</span>
        </p>
        <p className="mt-1 text-sm text-slate-600">
          <T id="billing.plan.perYearBilledAnnually" values={{ amount: euros(amount) }} components={{ 0: <span className="text-slate-500" /> }} />
        </p>
      </div>
    );
  }
  return (
    <div>
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{euros(amount)}</span>
        <span className="text-sm font-medium text-slate-500">{t('billing.plan.perMonth')}</span>
        <span className="text-sm font-medium text-slate-500">{t('billing.plan.exclVat')}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">{t('billing.plan.billedMonthly')}</p>
    </div>
  );
}

interface CardActionsProps {
  tier: PlanTier;
  action: PlanCardAction;
  busy: PurchaseBusy;
  onPurchase: (tier: PlanTier) => void;
}

/** The action's words come from the catalogue by its kind (the action's own labels are the English ones). */
function CardActions({ tier, action, busy, onPurchase }: CardActionsProps) {
  const purchasing = busy !== null;
  switch (action.kind) {
    case 'sign-up':
      return (
        <LinkButton to={action.href} fullWidth size="lg">
          {t('billing.plan.signUpToSubscribe')}
        </LinkButton>
      );
    case 'coming-soon':
      return (
        <Button fullWidth size="lg" variant="secondary" disabled>
          <Lock className="size-4" aria-hidden />
          {t('billing.plan.launchingSoon')}
        </Button>
      );
    case 'current':
      return (
        <LinkButton to={action.href} fullWidth size="lg" variant="accent">
          {t('billing.plan.accessTools')}
          <ArrowRight className="size-4" aria-hidden />
        </LinkButton>
      );
    case 'downgrade':
      return (
        <div className="flex flex-col gap-2">
          <Button fullWidth size="lg" variant="outline" disabled>
            {t('billing.plan.downgradeNotAvailable')}
          </Button>
          <ManageLink href={action.manageHref} label={t('billing.plan.manageCurrentPlan')} />
        </div>
      );
    case 'switch':
      return (
        <div className="flex flex-col gap-2">
          <PurchaseButton
            label={purchaseLabel(busy, t('billing.plan.switchPlan'))}
            busy={purchasing}
            disabled={action.disabled}
            onClick={() => onPurchase(tier)}
            variant="outline"
          />
          <ManageLink href={action.manageHref} label={t('billing.plan.manageCurrentPlan')} />
        </div>
      );
    case 'upgrade':
      return (
        <div className="flex flex-col gap-2">
          <PurchaseButton label={purchaseLabel(busy, t('billing.plan.upgradePlan'))} busy={purchasing} disabled={action.disabled} onClick={() => onPurchase(tier)} />
          <p className="text-center text-xs text-slate-500">{t('billing.plan.immediateAccess')}</p>
        </div>
      );
    case 'subscribe':
      return <PurchaseButton label={purchaseLabel(busy, t('billing.plan.subscribe'))} busy={purchasing} disabled={action.disabled} onClick={() => onPurchase(tier)} />;
  }
}

function PurchaseButton({
  label,
  busy,
  disabled,
  onClick,
  variant = 'primary',
}: {
  label: string;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
  variant?: 'primary' | 'outline';
}) {
  return (
    <Button fullWidth size="lg" variant={variant} disabled={disabled} aria-busy={busy || undefined} onClick={onClick}>
      {busy && <Spinner size="sm" label={null} />}
      {label}
    </Button>
  );
}

function ManageLink({ href, label }: { href: string; label: string }) {
  return (
    <Link
      to={href}
      className="rounded text-center text-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
    >
      {label}
    </Link>
  );
}

/** One plan of the pricing grid: title, audience, description, price, credits, features and its action. */
export function PlanCard({ tier, plan, period, action, busy = null, onPurchase }: PlanCardProps) {
  const accent = ACCENTS[plan.color] ?? DEFAULT_ACCENT;
  const isCurrent = action.kind === 'current';
  const headingId = `plan-${tier}-title`;
  // The catalogue's words in the reader's language (the prices answer writes them in English).
  const text = pricingPlanText(tier, plan);
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-shadow hover:shadow-md',
        plan.highlight || isCurrent ? cn('border-transparent ring-2', accent.ring) : 'border-slate-200',
      )}
    >
      <div className={cn('h-1.5 w-full', accent.bar)} aria-hidden />
      <div className="flex flex-1 flex-col gap-6 p-6 sm:p-7">
        <header className="flex flex-col gap-3">
          <div className="flex min-h-6 flex-wrap items-center gap-2">
            {isCurrent && (
              <Badge tone="success">
                <Check className="size-3.5" aria-hidden />
                {t('billing.plan.currentPlan')}
              </Badge>
            )}
            {plan.highlight && !isCurrent && (
              <Badge tone="brand">
                <Sparkles className="size-3.5" aria-hidden />
                {t('billing.plan.mostPopular')}
              </Badge>
            )}
            {plan.coming_soon && <Badge tone="warning">{t('billing.plan.comingSoon')}</Badge>}
          </div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
            {text.title}
          </h2>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase lg:min-h-8">{text.audience}</p>
          <p className="text-sm leading-relaxed text-slate-600">{text.description}</p>
        </header>

        <PlanPrice plan={plan} period={period} />

        <p className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', accent.icon)}>
            <Coins className="size-4" aria-hidden />
          </span>
          <span>
            <T
              id="billing.plan.creditsPerYear"
              values={{ count: plan.credits[period], credits: formatCount(plan.credits[period]) }}
              components={{ 0: <strong className="font-semibold text-slate-900" /> }}
            />
          </span>
        </p>

        <ul className="flex flex-1 flex-col gap-2.5 text-sm text-slate-700" aria-label={t('billing.plan.featuresLabel', { plan: text.title })}>
          {text.features.map((feature) => (
            <li key={feature} className="flex gap-2.5">
              <Check className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>

        <div className="mt-auto pt-2">
          <CardActions tier={tier} action={action} busy={busy} onPurchase={onPurchase} />
        </div>
      </div>
    </article>
  );
}
