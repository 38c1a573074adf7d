import type { LucideIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { LoadingLine, QueryState, type QueryLike } from '../../components/query-state';
import { runBusy } from '../../lib/busy-action';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** The API keys and Webhooks tabs: things made with a secret shown once, listed, and removed. */

/** The tab's heading with its icon, and what the tab is for. */
export function TabIntro({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Icon className="size-4 text-brand-700" aria-hidden />
        {title}
      </h3>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">{children}</p>
    </div>
  );
}

/**
 * The create form's state: its busy flag, the new thing (with its secret) until the user is done
 * with it, and the field that takes focus back. `texts` are message ids.
 */
export function useSecretForm<T>(texts: { created: string; createFailed: string }, invalidate: () => Promise<void>) {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<T | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  /** The field's trimmed value, or '' after toasting `missing` and focusing the field. */
  const required = (value: string, missing: string) => {
    const trimmed = value.trim();
    if (!trimmed) {
      toast.error(missing);
      fieldRef.current?.focus();
    }
    return trimmed;
  };

  /** Makes the thing, then clears the form (`reset`), says so and reloads the list. */
  const create = (make: () => Promise<T>, reset: () => void) =>
    runBusy(setCreating, t(texts.createFailed), async () => {
      setCreated(await make());
      reset();
      toast.success(t(texts.created));
      await invalidate();
    });

  const done = () => {
    setCreated(null);
    fieldRef.current?.focus();
  };

  return { creating, created, fieldRef, required, create, done };
}

/** The user's list: a line while it loads, the failure with Retry, a dashed box when empty. */
export function SecretList<T>(props: {
  query: QueryLike<{ items: T[] }>;
  loading: string;
  loadFailed: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <QueryState query={props.query} loading={<LoadingLine>{props.loading}</LoadingLine>} failed={() => <span>{props.loadFailed}</span>} alert>
      {(data) =>
        data.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{props.empty}</p>
        ) : (
          props.children(data.items)
        )
      }
    </QueryState>
  );
}
