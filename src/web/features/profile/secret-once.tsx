import { AlertTriangle, Check, Copy, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { DialogButtons } from '../../components/ui/dialog-buttons';
import { Input } from '../../components/ui/input';
import { runBusy } from '../../lib/busy-action';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * A secret shown once (a new API key, a webhook's signing secret): focused when it appears, with a
 * copy button, until the user dismisses it.
 */
export function SecretOnce(props: {
  secret: string;
  heading: ReactNode;
  /** The warning under the heading, the field's accessible name, the copy button and its toasts (message ids). */
  texts: { onceWarning: string; secretLabel: string; copyLabel: string; copied: string; copyFailed: string };
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      setCopied(true);
      toast.success(t(props.texts.copied));
    } catch {
      toast.error(t(props.texts.copyFailed));
    }
  };

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby={headingId}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-amber-900">
        <AlertTriangle className="size-4" aria-hidden />
        {props.heading}
      </h3>
      <p className="mt-1 text-sm text-amber-900">{t(props.texts.onceWarning)}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={props.secret} aria-label={t(props.texts.secretLabel)} className="font-mono text-sm" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="outline" onClick={handleCopy} className="shrink-0">
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t('profile.secret.copied') : t(props.texts.copyLabel)}
        </Button>
        <Button variant="secondary" onClick={props.onDone} className="shrink-0">
          {t('profile.secret.done')}
        </Button>
      </div>
    </div>
  );
}

/** A destructive action behind a confirmation dialog (keyboard: focus starts on Cancel, Escape closes). */
export function ConfirmDestroyButton(props: {
  /** The trigger's visible word ('Revoke', 'Delete') and its accessible name. */
  label: string;
  ariaLabel: string;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  busyText: string;
  action: () => Promise<void>;
  doneToast: string;
  failedToast: string;
  onDone: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleConfirm = () =>
    runBusy(setBusy, props.failedToast, async () => {
      await props.action();
      toast.success(props.doneToast);
      setOpen(false);
      await props.onDone();
    });

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={props.ariaLabel} className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Trash2 className="size-4" aria-hidden />
          <span className="hidden sm:inline">{props.label}</span>
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus-visible:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm break-words text-slate-600">{props.description}</AlertDialog.Description>
          <DialogButtons Close={AlertDialog.Cancel} busy={busy}>
            <Button variant="danger" onClick={handleConfirm} loading={busy} loadingText={props.busyText}>
              {props.confirmLabel}
            </Button>
          </DialogButtons>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
