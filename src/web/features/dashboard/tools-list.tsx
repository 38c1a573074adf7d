import { ArrowRight, Building2, Layers, Lock, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DashboardTool, DashboardTools, PlanTier } from '../../../shared/plans';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { noToolsText, toolBadge, toolTitle } from '../../entities/billing/plan-text';
import { localised, t } from '../../lib/i18n';

/** Each tier's icon and description (a message id). */
const TOOL_INFO: Record<PlanTier, { icon: ReactNode; text: string }> = {
  basic: {
    icon: <ShieldCheck className="size-6" aria-hidden />,
    text: 'dashboard.tools.basicText',
  },
  premium: {
    icon: <Layers className="size-6" aria-hidden />,
    text: 'dashboard.tools.premiumText',
  },
  enterprise: {
    icon: <Building2 className="size-6" aria-hidden />,
    text: 'dashboard.tools.enterpriseText',
  },
};

function ToolCard({ tool }: { tool: DashboardTool }) {
  const info = TOOL_INFO[tool.tier];
  const title = toolTitle(tool);
  const badge = toolBadge(tool);
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-6 transition-shadow hover:shadow-md">
        <div className="flex items-start justify-between gap-3">
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{info.icon}</span>
          {badge && <Badge tone={tool.badgeKind === 'free-trial' ? 'success' : tool.available ? 'brand' : 'warning'}>{badge}</Badge>}
        </div>
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm text-slate-600">{t(info.text)}</p>
        </div>
        <div className="mt-auto">
          {tool.available ? (
            <LinkButton to={tool.route} aria-label={t('dashboard.tools.launchLabel', { tool: title })}>
              {t('dashboard.tools.launch')}
              <ArrowRight className="size-4" aria-hidden />
            </LinkButton>
          ) : (
            <p className="inline-flex items-center gap-2 rounded-lg bg-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-500">
              <Lock className="size-4" aria-hidden />
              {t('dashboard.tools.notYetAvailable')}
            </p>
          )}
        </div>
      </Card>
    </li>
  );
}

/** 'Your Tools': the plan's tool, the free-trial tool, or 'No Active Plan'. */
export function ToolsList({ tools }: { tools: DashboardTools }) {
  if (tools.kind === 'none') {
    const none = noToolsText();
    return (
      <Card className="flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{none.title}</h3>
          <p className="text-sm text-slate-600">{none.message}</p>
        </div>
        <LinkButton to={localised('/products')}>{t('dashboard.tools.viewPlans')}</LinkButton>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {tools.tools.map((tool) => (
        <ToolCard key={tool.route} tool={tool} />
      ))}
    </ul>
  );
}
