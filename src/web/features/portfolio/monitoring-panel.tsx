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
import { toast } from '../../lib/toast';

/** How often the panel asks whether a check run has ended. */
export const RUN_POLL_MS = 3000;

export const CHECK_RUNNING_MESSAGE = 'A check of this portfolio is already under way';

const FREQUENCY_LABELS: Record<MonitoringSettingBody['frequency'], string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const REASSESS_LABELS: Record<MonitoringSettingBody['reassess'], string> = { never: 'Never', monthly: 'Monthly', quarterly: 'Quarterly' };
const frequencyOptions = monitoringFrequencySchema.options.map((v) => ({ value: v, label: FREQUENCY_LABELS[v] }));
const reassessOptions = monitoringReassessSchema.options.map((v) => ({ value: v, label: REASSESS_LABELS[v] }));

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
        body.enabled
          ? `Monitoring is on: the sites are checked ${FREQUENCY_LABELS[body.frequency].toLowerCase()}.`
          : 'Monitoring is off.',
      );
    },
    onError: (err) => toastFailure(err, 'The monitoring setting could not be saved. Please try again.'),
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
    toast.success('The check has finished. Any change found is in Alerts.');
    void queryClient.invalidateQueries({ queryKey: monitoringKeys.events });
  }, [setting, queryClient]);

  const check = useMutation({
    mutationFn: () => checkPortfolioNow(portfolioId),
    onSuccess: (started) => {
      if (started.rows === 0) {
        toast.info('No site is assessed yet: there is nothing to check.');
      } else {
        toast.success(started.rows === 1 ? 'Checking 1 site now.' : `Checking ${started.rows} sites now.`);
      }
      queryClient.setQueryData<MonitoringSetting>(key, (s) => (s && started.rows > 0 ? { ...s, running: true } : s));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      if (isSessionEnded(err)) return;
      if (err instanceof ApiError && err.status === 409) {
        toast.info(err.detail || CHECK_RUNNING_MESSAGE);
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      toast.error(errorDetail(err, 'The check could not be started. Please try again.'));
    },
  });

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="monitoring-heading" className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          <BellRing className="size-4 text-brand-700" aria-hidden />
          <h2 id="monitoring-heading" className="text-sm font-semibold text-slate-900">
            Monitoring
          </h2>
        </div>
        <QueryState
          query={query}
          loading={<div role="status" aria-label="Loading monitoring" className="h-24 animate-pulse rounded-xl bg-slate-100" />}
          failed={(err) => (
            <p className="text-sm text-slate-600">
              The monitoring setting could not be loaded. {isSessionEnded(err) ? 'Sign in again to see it.' : errorDetail(err, 'Check your connection and try again.')}
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

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-0.5">
          <span id={switchLabel} className="text-sm font-medium text-slate-800">
            Watch this portfolio
          </span>
          <span id={switchHint} className="text-sm text-slate-500">
            Each assessed site is checked again for changes to its company and to the sanctions lists. Checks spend no credit.
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
          <Label htmlFor={frequencyId}>Check frequency</Label>
          <Select
            id={frequencyId}
            options={frequencyOptions}
            value={setting.frequency}
            disabled={saving}
            onChange={(e) => change({ frequency: monitoringFrequencySchema.parse(e.target.value) })}
          />
        </div>
        <div>
          <Label htmlFor={reassessId}>Re-assessment</Label>
          <Select
            id={reassessId}
            options={reassessOptions}
            value={setting.reassess}
            disabled={saving}
            aria-describedby={reassessHint}
            onChange={(e) => change({ reassess: monitoringReassessSchema.parse(e.target.value) })}
          />
          <p id={reassessHint} className="mt-1.5 text-xs text-slate-500">
            A re-assessment runs the whole assessment again and spends one credit per site.
          </p>
        </div>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Last check</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(setting.last_checked_at, new Date(), 'Not checked yet')}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Next check</dt>
          <dd className="font-medium text-slate-900">
            {setting.enabled ? formatDateTime(setting.next_check_at, new Date(), 'Not scheduled') : 'Off: turn monitoring on to schedule checks'}
          </dd>
        </div>
      </dl>

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={onCheck} disabled={setting.running || checking} loading={checking}>
          <RefreshCw className={cn('size-4', setting.running && 'animate-spin motion-reduce:animate-none')} aria-hidden />
          Check now
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {setting.running ? 'A check is under way…' : ''}
        </p>
      </div>
    </div>
  );
}
