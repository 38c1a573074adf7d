import { AlertCircle, Coins } from 'lucide-react';
import { Link } from 'react-router';
import type { PlanStatus } from '../../../shared/contracts/billing';
import { localised, t } from '../../lib/i18n';

/** The credit balance beside the Generate button, from the plan status (call 8). */
export interface CreditState {
  /** False until the plan status has answered. */
  known: boolean;
  credits: number;
  /** The server would refuse a run now (no credit left, or the account may not run the tool). */
  blocked: boolean;
  /** The server's reason when blocked. */
  reason: string;
}

export function creditState(status: Pick<PlanStatus, 'credits' | 'allowed' | 'reason'> | undefined): CreditState {
  if (!status) return { known: false, credits: 0, blocked: false, reason: '' };
  return { known: true, credits: status.credits, blocked: !status.allowed, reason: status.reason.trim() };
}

/** '1 credit left', '12 credits left' (in the active language). */
export const creditsLeftText = (credits: number) => t('assessment.credits.left', { count: credits });

/** The balance; when a run would be refused, the reason and the way to the plans instead. */
export function CreditBalance({ state }: { state: CreditState }) {
  if (!state.known) return null;
  if (!state.blocked) {
    return (
      <p id="credit-balance" className="flex items-center gap-1.5 text-sm text-slate-700">
        <Coins className="size-4 text-brand-600" aria-hidden />
        <span className="font-semibold tabular-nums">{creditsLeftText(state.credits)}</span>
      </p>
    );
  }
  return (
    <p id="credit-balance" className="flex items-start gap-1.5 text-sm font-medium text-red-800">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {state.credits <= 0 ? `${t('assessment.credits.noneLeft')} ` : ''}
        {state.reason || t('assessment.credits.cannotRun')}{' '}
        <Link
          to={localised('/products')}
          className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {t('assessment.credits.viewPlans')}
        </Link>
      </span>
    </p>
  );
}
