import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import {
  monitoringFrequencySchema,
  monitoringReassessSchema,
  type MonitoringSetting,
  type MonitoringSettingBody,
} from '../../../shared/contracts/monitoring';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { checkPortfolioNow, fetchMonitoring, monitoringKeys, saveMonitoring } from '../../entities/monitoring/monitoring-api';
import { ApiError, errorDetail } from '../../lib/api-client';
import { isSessionEnded } from '../../lib/auth-fetch';
import { toastFailure } from '../../lib/busy-action';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** How often the panel asks whether a check run has ended. */
export const RUN_POLL_MS = 3000;

/** The choices' labels (message ids). */
const FREQUENCY_LABELS: Record<MonitoringSettingBody['frequency'], string> = {
  daily: 'portfolio.monitoring.frequency.daily',
  weekly: 'portfolio.monitoring.frequency.weekly',
  monthly: 'portfolio.monitoring.frequency.monthly',
};
const REASSESS_LABELS: Record<MonitoringSettingBody['reassess'], string> = {
  never: 'portfolio.monitoring.reassess.never',
  monthly: 'portfolio.monitoring.reassess.monthly',
  quarterly: 'portfolio.monitoring.reassess.quarterly',
};

/**
 * The portfolio's monitoring: a switch, how often its rows are checked, whether they are also
 * re-assessed, the last and next check, and a check now. Each change is saved at once.
 */
export function MonitoringPanel({ portfolioId }: { portfolioId: string }) {
  const queryClient = useQueryClient();
  const key = monitoringKeys.setting(portfolioId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchMonitoring(portfolioId),
    refetchInterval: (q) => (q.state.data?.running ? RUN_POLL_MS : false),
  });
  const setting = query.data;

  const save = useMutation({
    mutationFn: (body: MonitoringSettingBody) => saveMonitoring(portfolioId, body),
    onSuccess: (saved, body) => {
      queryClient.setQueryData(key, saved);
      toast.success(
        body.enabled ? t('portfolio.monitoring.on', { frequency: body.frequency }) : t('portfolio.monitoring.off'),
      );
    },
    onError: (err) => toastFailure(err, t('portfolio.monitoring.saveFailed')),
  });

  // A run seen under way that has ended: say so, and show what it found.
  const seenRunning = useRef(false);
  useEffect(() => {
    if (!setting) return;
    if (setting.running) {
      seenRunning.current = true;
      return;
    }
    if (!seenRunning.current) return;
    seenRunning.current = false;
    toast.success(t('portfolio.monitoring.checkFinished'));
    void queryClient.invalidateQueries({ queryKey: monitoringKeys.events });
  }, [setting, queryClient]);

  const check = useMutation({
    mutationFn: () => checkPortfolioNow(portfolioId),
    onSuccess: (started) => {
      if (started.rows === 0) {
        toast.info(t('portfolio.monitoring.nothingToCheck'));
      } else {
        toast.success(t('portfolio.monitoring.checking', { count: started.rows }));
      }
      queryClient.setQueryData<MonitoringSetting>(key, (s) => (s && started.rows > 0 ? { ...s, running: true } : s));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      if (isSessionEnded(err)) return;
      if (err instanceof ApiError && err.status === 409) {
        toast.info(err.detail || t('portfolio.monitoring.checkRunning'));
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      toast.error(errorDetail(err, t('portfolio.monitoring.checkFailed')));
    },
  });

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="monitoring-heading" className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          <BellRing className="size-4 text-brand-700" aria-hidden />
          <h2 id="monitoring-heading" className="text-sm font-semibold text-slate-900">
            {t('portfolio.monitoring.title')}
          </h2>
        </div>
        <QueryState
          query={query}
          loading={<div role="status" aria-label={t('portfolio.monitoring.loading')} className="h-24 animate-pulse rounded-xl bg-slate-100" />}
          failed={(err) => (
            <p className="text-sm text-slate-600">
              {t('portfolio.monitoring.loadFailed', {
                reason: isSessionEnded(err) ? t('portfolio.common.signIn') : errorDetail(err, t('portfolio.common.checkConnection')),
              })}
            </p>
          )}
        >
          {(s) => (
            <MonitoringControls
              setting={s}
              saving={save.isPending}
              checking={check.isPending}
              onSave={(body) => save.mutate(body)}
              onCheck={() => check.mutate()}
            />
          )}
        </QueryState>
      </section>
    </Card>
  );
}

interface MonitoringControlsProps {
  setting: MonitoringSetting;
  saving: boolean;
  checking: boolean;
  onSave: (body: MonitoringSettingBody) => void;
  onCheck: () => void;
}

function MonitoringControls({ setting, saving, checking, onSave, onCheck }: MonitoringControlsProps) {
  const switchLabel = useId();
  const switchHint = useId();
  const frequencyId = useId();
  const reassessId = useId();
  const reassessHint = useId();
  const current: MonitoringSettingBody = { enabled: setting.enabled, frequency: setting.frequency, reassess: setting.reassess };
  const change = (patch: Partial<MonitoringSettingBody>) => onSave({ ...current, ...patch });
  const frequencyOptions = monitoringFrequencySchema.options.map((v) => ({ value: v, label: t(FREQUENCY_LABELS[v]) }));
  const reassessOptions = monitoringReassessSchema.options.map((v) => ({ value: v, label: t(REASSESS_LABELS[v]) }));

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-0.5">
          <span id={switchLabel} className="text-sm font-medium text-slate-800">
            {t('portfolio.monitoring.watch')}
          </span>
          <span id={switchHint} className="text-sm text-slate-500">
            {t('portfolio.monitoring.watchHint')}
          </span>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={setting.enabled}
          aria-labelledby={switchLabel}
          aria-describedby={switchHint}
          disabled={saving}
          onClick={() => change({ enabled: !setting.enabled })}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-60',
            setting.enabled ? 'bg-brand-700' : 'bg-slate-300',
          )}
        >
          <span
            aria-hidden
            className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', setting.enabled ? 'translate-x-5.5' : 'translate-x-0.5')}
          />
        </button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={frequencyId}>{t('portfolio.monitoring.frequencyLabel')}</Label>
          <Select
            id={frequencyId}
            options={frequencyOptions}
            value={setting.frequency}
            disabled={saving}
            onChange={(e) => change({ frequency: monitoringFrequencySchema.parse(e.target.value) })}
          />
        </div>
        <div>
          <Label htmlFor={reassessId}>{t('portfolio.monitoring.reassessLabel')}</Label>
          <Select
            id={reassessId}
            options={reassessOptions}
            value={setting.reassess}
            disabled={saving}
            aria-describedby={reassessHint}
            onChange={(e) => change({ reassess: monitoringReassessSchema.parse(e.target.value) })}
          />
          <p id={reassessHint} className="mt-1.5 text-xs text-slate-500">
            {t('portfolio.monitoring.reassessHint')}
          </p>
        </div>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">{t('portfolio.monitoring.lastCheck')}</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(setting.last_checked_at, new Date(), t('portfolio.monitoring.notChecked'))}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('portfolio.monitoring.nextCheck')}</dt>
          <dd className="font-medium text-slate-900">
            {setting.enabled
              ? formatDateTime(setting.next_check_at, new Date(), t('portfolio.monitoring.notScheduled'))
              : t('portfolio.monitoring.offHint')}
          </dd>
        </div>
      </dl>

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={onCheck} disabled={setting.running || checking} loading={checking}>
          <RefreshCw className={cn('size-4', setting.running && 'animate-spin motion-reduce:animate-none')} aria-hidden />
          {t('portfolio.monitoring.checkNow')}
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {setting.running ? t('portfolio.monitoring.running') : ''}
        </p>
      </div>
    </div>
  );
}
