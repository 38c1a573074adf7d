import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ArrowRight, BellRing, Check, CheckCheck, FileText, Inbox } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  monitoringEventTypeSchema,
  type MonitoringEvent,
  type MonitoringEventFilter,
  type MonitoringEventList,
} from '../../../shared/contracts/monitoring';
import { LoadingRows, QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-band';
import { LinkButton } from '../../components/ui/link-button';
import { OptionalSelect } from '../../components/ui/select';
import {
  acknowledgeAllEvents,
  acknowledgeEvent,
  EVENT_TYPE_LABEL_IDS,
  fetchEventPage,
  fetchUnreadCount,
  monitoringKeys,
} from '../../entities/monitoring/monitoring-api';
import { portfolioHref, usePortfolios } from '../../entities/portfolio/portfolios-api';
import { reportHref } from '../../entities/report/reports-api';
import { errorDetail } from '../../lib/api-client';
import { isSessionEnded } from '../../lib/auth-fetch';
import { toastFailure } from '../../lib/busy-action';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';

export const INBOX_PAGE_SIZE = 25;

/** The filters as the URL holds them (?portfolio=…&type=…), so a filtered inbox can be shared and reloaded. */
function useFilter(): [MonitoringEventFilter, (patch: Partial<MonitoringEventFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const type = monitoringEventTypeSchema.safeParse(params.get('type'));
  const filter: MonitoringEventFilter = {
    ...(params.get('portfolio') ? { portfolio_id: params.get('portfolio')! } : {}),
    ...(type.success ? { type: type.data } : {}),
  };
  const update = (patch: Partial<MonitoringEventFilter>) => {
    const next = { ...filter, ...patch };
    const search = new URLSearchParams();
    if (next.portfolio_id) search.set('portfolio', next.portfolio_id);
    if (next.type) search.set('type', next.type);
    setParams(search, { replace: true });
  };
  return [filter, update];
}

/** Old → new in words: a value that appeared or went away reads as such. */
function changeText(e: MonitoringEvent): string | null {
  if (e.old_value && e.new_value) return `${e.old_value} → ${e.new_value}`;
  if (e.new_value) return e.new_value;
  if (e.old_value) return t('inbox.event.was', { value: e.old_value });
  return null;
}

const DANGER_TYPES = new Set(['sanctions_hit', 'vat_invalid', 'status_changed', 'grade_changed']);

interface EventItemProps {
  event: MonitoringEvent;
  portfolioName: string | undefined;
  busy: boolean;
  onAcknowledge: () => void;
}

function EventItem({ event, portfolioName, busy, onAcknowledge }: EventItemProps) {
  const unread = event.acknowledged_at === null;
  const change = changeText(event);
  return (
    <li className={cn('flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:gap-4 sm:px-5', unread && 'bg-brand-50/40')}>
      <span
        aria-hidden
        className={cn('mt-1.5 hidden size-2.5 shrink-0 rounded-full sm:block', unread ? 'bg-accent-500' : 'bg-transparent')}
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{event.company_name}</span>
          <span className="text-sm text-slate-500">{event.fiscal_number}</span>
          {unread && <Badge tone="brand">{t('inbox.event.new')}</Badge>}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={DANGER_TYPES.has(event.type) ? 'danger' : 'neutral'}>{t(EVENT_TYPE_LABEL_IDS[event.type])}</Badge>
          {change && <span className="break-words text-slate-700">{change}</span>}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          {t('inbox.event.detected', { date: formatDateTime(event.detected_at) })}
          {portfolioName && (
            <>
              {' · '}
              <Link to={portfolioHref(event.portfolio_id)} className="hover:text-brand-700 hover:underline">
                {portfolioName}
              </Link>
            </>
          )}
          {!unread && <> · {t('inbox.event.acknowledgedAt', { date: formatDateTime(event.acknowledged_at) })}</>}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {event.report_id && (
          <LinkButton
            to={reportHref(event.report_id, event.portfolio_id)}
            variant="ghost"
            size="sm"
            aria-label={t('inbox.event.latestReportLabel', { company: event.company_name })}
          >
            <FileText className="size-4" aria-hidden />
            {t('inbox.event.latestReport')}
          </LinkButton>
        )}
        {unread && (
          <Button
            variant="outline"
            size="sm"
            onClick={onAcknowledge}
            loading={busy}
            aria-label={t('inbox.event.acknowledgeLabel', { type: t(EVENT_TYPE_LABEL_IDS[event.type]), company: event.company_name })}
          >
            <Check className="size-4" aria-hidden />
            {t('inbox.event.acknowledge')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** /events — the changes monitoring found, newest first, with filters and acknowledgement. */
export function InboxPage() {
  usePageMeta({ title: t('inbox.meta.title'), noindex: true });
  const queryClient = useQueryClient();
  const [filter, setFilter] = useFilter();
  const portfolioSelect = useId();
  const typeSelect = useId();
  const portfolios = usePortfolios({ retry: false });
  const portfolioNames = new Map((portfolios.data?.items ?? []).map((p) => [p.id, p.name]));
  const filtered = Boolean(filter.portfolio_id || filter.type);

  const listKey = monitoringKeys.eventList(filter);
  const events = useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam }) => fetchEventPage(filter, pageParam, INBOX_PAGE_SIZE),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  const unread = useQuery({
    queryKey: monitoringKeys.unreadWithin(filter),
    queryFn: () => fetchUnreadCount(filter),
  });

  const acknowledgeOne = useMutation({
    mutationFn: (id: string) => acknowledgeEvent(id),
    onSuccess: (acked) => {
      queryClient.setQueryData<InfiniteData<MonitoringEventList, string | null>>(listKey, (data) =>
        data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((e) => (e.id === acked.id ? acked : e)) })) },
      );
      void queryClient.invalidateQueries({ queryKey: monitoringKeys.unread });
    },
    onError: (err) => toastFailure(err, t('inbox.toast.acknowledgeOneFailed')),
  });

  const acknowledgeAll = useMutation({
    mutationFn: () => acknowledgeAllEvents(filter),
    onSuccess: (n) => {
      toast.success(n === 0 ? t('inbox.toast.nothingToAcknowledge') : t('inbox.toast.acknowledged', { count: n }));
      void queryClient.invalidateQueries({ queryKey: monitoringKeys.events });
    },
    onError: (err) => toastFailure(err, t('inbox.toast.acknowledgeAllFailed')),
  });

  const items = events.data?.pages.flatMap((p) => p.items) ?? [];
  const unreadCount = unread.data;
  const unreadText =
    unreadCount === undefined
      ? null
      : unreadCount === 0
        ? t(filtered ? 'inbox.header.nothingUnreadInView' : 'inbox.header.nothingUnread')
        : filtered
          ? t('inbox.header.unreadInView', { count: unreadCount })
          : t('inbox.header.unread', { count: unreadCount });
  const typeOptions = monitoringEventTypeSchema.options.map((type) => ({ value: type, label: t(EVENT_TYPE_LABEL_IDS[type]) }));

  return (
    <main className="min-h-[70vh] bg-slate-50 pb-16">
      <PageHeader
        className="flex flex-col gap-4 py-6 sm:flex-row sm:items-end sm:justify-between sm:py-8"
        icon={BellRing}
        eyebrow={t('inbox.header.eyebrow')}
        title={t('inbox.header.title')}
        intro={
          <p className="text-sm text-slate-600">
            {t('inbox.header.intro')}
            {unreadText && ` ${unreadText}`}
          </p>
        }
      >
        <Button
          variant="secondary"
          size="sm"
          onClick={() => acknowledgeAll.mutate()}
          loading={acknowledgeAll.isPending}
          disabled={!unreadCount}
          className="self-start sm:self-auto"
        >
          <CheckCheck className="size-4" aria-hidden />
          {filtered ? t('inbox.header.acknowledgeAllShown') : t('inbox.header.acknowledgeAll')}
        </Button>
      </PageHeader>

      <Container className="flex flex-col gap-6 pt-8">
        <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl" role="group" aria-label={t('inbox.filters.label')}>
          <OptionalSelect
            id={portfolioSelect}
            label={t('inbox.filters.portfolio')}
            emptyOption={t('inbox.filters.allPortfolios')}
            options={(portfolios.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={filter.portfolio_id ?? ''}
            onChange={(e) => setFilter({ portfolio_id: e.target.value || undefined })}
          />
          <OptionalSelect
            id={typeSelect}
            label={t('inbox.filters.type')}
            emptyOption={t('inbox.filters.allTypes')}
            options={typeOptions}
            value={filter.type ?? ''}
            onChange={(e) => {
              const parsed = monitoringEventTypeSchema.safeParse(e.target.value);
              setFilter({ type: parsed.success ? parsed.data : undefined });
            }}
          />
        </div>

        <Card>
          <QueryState
            query={events}
            loading={<LoadingRows label={t('inbox.list.loading')} rows={4} rowClassName="h-20" className="p-4 sm:p-5" />}
            failed={(err) => (
              <>
                <h2 className="text-lg font-semibold text-slate-900">{t('inbox.list.loadFailed')}</h2>
                <p className="text-sm text-slate-600">{isSessionEnded(err) ? t('inbox.list.signInAgain') : errorDetail(err, t('inbox.list.checkConnection'))}</p>
              </>
            )}
            failedClassName="p-6"
          />
          {events.data && items.length === 0 && (
            <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
              <Inbox className="size-10 text-slate-300" aria-hidden />
              <h2 className="text-base font-semibold text-slate-900">{filtered ? t('inbox.empty.filteredTitle') : t('inbox.empty.title')}</h2>
              <p className="max-w-md text-sm text-slate-600">
                {filtered ? t('inbox.empty.filteredText') : t('inbox.empty.text')}
              </p>
              {!filtered && (
                <LinkButton to="/portfolio" variant="outline" size="sm">
                  {t('inbox.empty.goToPortfolios')}
                  <ArrowRight className="size-4" aria-hidden />
                </LinkButton>
              )}
            </div>
          )}
          {items.length > 0 && (
            <ul aria-label={t('inbox.list.label')} className="divide-y divide-slate-100">
              {items.map((e) => (
                <EventItem
                  key={e.id}
                  event={e}
                  portfolioName={portfolioNames.get(e.portfolio_id)}
                  busy={acknowledgeOne.isPending && acknowledgeOne.variables === e.id}
                  onAcknowledge={() => acknowledgeOne.mutate(e.id)}
                />
              ))}
            </ul>
          )}
          {events.data && events.isError && (
            <p role="alert" className="border-t border-slate-100 px-5 py-3 text-sm text-red-700">
              {errorDetail(events.error, t('inbox.list.moreFailed'))}
            </p>
          )}
          {events.hasNextPage && (
            <div className="flex justify-center border-t border-slate-100 p-4">
              <Button variant="outline" size="sm" onClick={() => void events.fetchNextPage()} loading={events.isFetchingNextPage}>
                {t('inbox.list.loadMore')}
              </Button>
            </div>
          )}
        </Card>
      </Container>
    </main>
  );
}
