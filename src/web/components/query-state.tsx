import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { isSessionEnded } from '../lib/auth-fetch';
import { t } from '../lib/i18n';
import { Button } from './ui/button';
import { cn } from './ui/cn';
import { Spinner } from './ui/spinner';

/** The part of a TanStack query result the state blocks read. */
export interface QueryLike<T> {
  isPending: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown until the first answer. */
  loading: ReactNode;
  /** What went wrong, shown with a Retry button while there is nothing older to show. */
  failed: (error: unknown) => ReactNode;
  /** Classes added to the failure block (a column, items at the start), e.g. its padding. */
  failedClassName?: string;
  /** A red banner with role="alert" instead of the plain block. */
  alert?: boolean;
  /** False hides Retry (an error retrying cannot fix, such as a 404). */
  canRetry?: (error: unknown) => boolean;
  /** More buttons beside Retry. */
  actions?: ReactNode;
  /** The content; a caller that renders the data itself passes none and shows this only without data. */
  children?: (data: T) => ReactNode;
}

/**
 * One query's three states: the loading block until the first answer, the failure with Retry
 * when there is no data (a failed refresh keeps showing the last data), else the content.
 */
export function QueryState<T>({ query, loading, failed, failedClassName, alert, canRetry, actions, children }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.data !== undefined) return <>{children?.(query.data)}</>;
  const retry = canRetry?.(query.error) ?? true;
  const retryButton = retry && (
    <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
      <RefreshCw className="size-4" aria-hidden />
      {t('common.query.retry')}
    </Button>
  );
  return (
    <div
      role={alert ? 'alert' : undefined}
      className={cn(
        'flex gap-3',
        alert ? 'flex-wrap items-center rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800' : 'flex-col items-start',
        failedClassName,
      )}
    >
      {failed(query.error)}
      {actions ? (
        <div className="flex gap-2">
          {retryButton}
          {actions}
        </div>
      ) : (
        retryButton
      )}
    </div>
  );
}

export interface LoadingRowsProps {
  /** What loads, announced to screen readers. */
  label: string;
  rows: number;
  /** Height of a row, e.g. h-12. */
  rowClassName: string;
  className?: string;
}

/** Placeholder rows shaped like the list that loads. */
export function LoadingRows({ label, rows, rowClassName, className }: LoadingRowsProps) {
  return (
    <div role="status" aria-label={label} className={cn('flex flex-col gap-3', className)}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={cn('animate-pulse rounded-xl bg-slate-100', rowClassName)} />
      ))}
    </div>
  );
}

/** A small spinner and a line that says what loads, announced to screen readers. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <Spinner size="sm" label={null} />
      <span role="status">{children}</span>
    </div>
  );
}

/** The texts of each kind of list: what names the loading rows and the failure (message ids). */
const LIST_TEXTS = {
  portfolios: {
    loading: 'common.list.portfoliosLoading',
    signIn: 'common.list.portfoliosSignIn',
    failed: 'common.list.portfoliosFailed',
  },
  reports: {
    loading: 'common.list.reportsLoading',
    signIn: 'common.list.reportsSignIn',
    failed: 'common.list.reportsFailed',
  },
} as const;

export interface ListStateProps<T> extends Omit<LoadingRowsProps, 'label' | 'className'> {
  query: QueryLike<T>;
  /** What the list holds: it names the loading rows and the failure. */
  what: keyof typeof LIST_TEXTS;
  /** Classes of the loading rows' block. */
  loadingClassName: string;
  failedClassName: string;
  children: (data: T) => ReactNode;
}

/** A list of the user's own things: skeleton rows while it loads, then the list, or why it is not there. */
export function ListState<T>({ query, what, rows, rowClassName, loadingClassName, failedClassName, children }: ListStateProps<T>) {
  const texts = LIST_TEXTS[what];
  return (
    <QueryState
      query={query}
      loading={<LoadingRows label={t(texts.loading)} rows={rows} rowClassName={rowClassName} className={loadingClassName} />}
      failed={(err) => <p className="text-sm text-slate-600">{t(isSessionEnded(err) ? texts.signIn : texts.failed)}</p>}
      failedClassName={failedClassName}
    >
      {children}
    </QueryState>
  );
}
