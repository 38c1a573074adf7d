import { useQueryClient } from '@tanstack/react-query';
import { Shield, ShieldCheck, ShieldQuestionMark, ShieldX } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  screeningDecisionRequestSchema,
  type ReportScreening,
  type ScreeningDecision,
  type ScreeningDecisionValue,
  type ScreeningHitDto,
} from '../../../shared/contracts/screening';
import { Button } from '../../components/ui/button';
import { DialogButtons } from '../../components/ui/dialog-buttons';
import { cn } from '../../components/ui/cn';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { runBusy } from '../../lib/busy-action';
import { fieldError } from '../../lib/field-error';
import { formatDate, formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import {
  decidedHits,
  decisionLabel,
  hitFacts,
  matchedNameLabel,
  noHitNotClearText,
  screenedOnText,
  screeningTitle,
  screeningView,
  type BannerStatus,
} from '../../entities/report/report-format';
import { postScreeningDecision, setReportScreening } from '../../entities/report/reports-api';

/**
 * A report's sanctions screening, under its header: a red banner for a match, an amber one for a
 * possible match (each hit with its facts, reasons and decision; an open hit can be decided when
 * the report's id is known), otherwise one quiet line, with the hits marked false positive under it.
 */

/** The panel's words, as message ids (`t(screeningTexts.noteLabel)`). */
export const screeningTexts = {
  noteLabel: 'assessment.screening.noteLabel',
  recordFailed: 'assessment.screening.recordFailed',
  recorded: { false_positive: 'assessment.screening.recordedFalsePositive', confirmed: 'assessment.screening.recordedConfirmed' },
  action: { false_positive: 'assessment.screening.actionFalsePositive', confirmed: 'assessment.screening.actionConfirm' },
  dialogTitle: { false_positive: 'assessment.screening.dialogFalsePositive', confirmed: 'assessment.screening.dialogConfirm' },
  placeholder: { false_positive: 'assessment.screening.exampleFalsePositive', confirmed: 'assessment.screening.exampleConfirm' },
} as const;

/** The screens' date rule: '26 Nov' this year, '26 Nov, 2025' before. */
const date = (value: string) => formatDate(value);
const dateTime = (value: string) => formatDateTime(value);

const TONES: Record<BannerStatus, { panel: string; title: string; ink: string; item: string; Icon: typeof ShieldX }> = {
  match: { panel: 'bg-red-50 ring-red-300', title: 'text-red-900', ink: 'text-red-800', item: 'ring-red-200', Icon: ShieldX },
  possible_match: { panel: 'bg-amber-50 ring-amber-300', title: 'text-amber-950', ink: 'text-amber-900', item: 'ring-amber-200', Icon: ShieldQuestionMark },
};

export interface ScreeningPanelProps {
  screening: ReportScreening;
  /** The stored report's id: without it the hits cannot be decided here. */
  reportId?: string | undefined;
}

export function ScreeningPanel({ screening, reportId }: ScreeningPanelProps) {
  const status = screening.status;
  const view = screeningView(screening, date);
  const banner = view.banner !== null;
  // A decision that takes the banner away moves its hit under the quiet line: the focus follows it there.
  const [shown, setShown] = useState({ banner, cleared: false });
  if (shown.banner !== banner) setShown({ banner, cleared: shown.banner && !banner });

  if (view.banner === null) {
    const Icon = status === 'clear' ? ShieldCheck : Shield;
    const quiet = (
      <p className="flex items-start gap-2 px-1 text-sm text-slate-600">
        <Icon className={cn('mt-0.5 size-4 shrink-0', status === 'clear' ? 'text-green-700' : 'text-slate-400')} aria-hidden />
        {view.line}
      </p>
    );
    const decided = decidedHits(screening);
    if (decided.length === 0) return quiet;
    const latest = decided.reduce((a, b) => ((b.decision?.decided_at ?? '') > (a.decision?.decided_at ?? '') ? b : a));
    // Hits marked false positive leave no banner, but stay on the report with who decided and why.
    return (
      <section aria-label={t('assessment.screening.label')} className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset sm:p-5">
        {quiet}
        <ul aria-label={t('assessment.screening.falsePositives')} className="mt-3 flex flex-col gap-3">
          {decided.map((hit, i) => (
            <HitItem key={`${hit.list}-${hit.entry_id}-${hit.subject}-${i}`} hit={hit} ring="ring-slate-200" focusOnMount={shown.cleared && hit === latest} />
          ))}
        </ul>
      </section>
    );
  }
  return <ScreeningBanner screening={screening} status={view.banner} reportId={reportId} />;
}

function ScreeningBanner({ screening, status, reportId }: { screening: ReportScreening; status: BannerStatus; reportId?: string | undefined }) {
  const titleId = useId();
  const tone = TONES[status];
  return (
    <section aria-labelledby={titleId} className={cn('rounded-2xl p-5 ring-2 ring-inset sm:p-6', tone.panel)}>
      <h3 id={titleId} className={cn('flex items-start gap-2 text-base font-bold sm:text-lg', tone.title)}>
        <tone.Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
        {screeningTitle(status)}
      </h3>
      <p className={cn('mt-1 text-sm', tone.ink)}>{screenedOnText(screening, date, dateTime)}</p>
      {screening.hits.length === 0 ? (
        <p className={cn('mt-3 text-sm', tone.ink)}>{noHitNotClearText()}</p>
      ) : (
        <ul aria-label={t('assessment.screening.hits')} className="mt-4 flex flex-col gap-3">
          {screening.hits.map((hit, i) => (
            <HitItem key={`${hit.list}-${hit.entry_id}-${hit.subject}-${i}`} hit={hit} ring={tone.item} reportId={reportId} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One hit: the listed name beside the screened one, its facts, its reasons, and its decision or the way to make one. */
function HitItem({ hit, ring, reportId, focusOnMount = false }: { hit: ScreeningHitDto; ring: string; reportId?: string | undefined; focusOnMount?: boolean }) {
  const nameId = useId();
  const ref = useRef<HTMLLIElement>(null);
  // Once decided, the buttons make way for the decision: the focus moves to the hit, not to the page.
  const decided = Boolean(hit.decision);
  const wasDecided = useRef(decided);
  useEffect(() => {
    if ((decided && !wasDecided.current) || focusOnMount) ref.current?.focus();
    wasDecided.current = decided;
  }, [decided, focusOnMount]);

  return (
    <li
      ref={ref}
      tabIndex={-1}
      aria-labelledby={nameId}
      className={cn('rounded-xl bg-white p-4 ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-brand-500', ring)}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">{t('assessment.screening.listedName')}</p>
          <p id={nameId} className="font-semibold break-words text-slate-900">
            {hit.listed_name}
          </p>
        </div>
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">{matchedNameLabel(hit.subject)}</p>
          <p className="font-semibold break-words text-slate-900">{hit.matched_name}</p>
        </div>
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {hitFacts(hit).map((f) => (
          <div key={f.label} className="flex min-w-0 gap-1.5">
            <dt className="text-slate-500">{t('assessment.report.labelColon', { label: f.label })}</dt>
            <dd className="font-medium break-all text-slate-800 tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      {hit.reasons.length > 0 && (
        <ul aria-label={t('assessment.screening.reasonsFor', { name: hit.listed_name })} className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 marker:text-slate-400">
          {hit.reasons.map((reason, i) => (
            <li key={i}>{reason}</li>
          ))}
        </ul>
      )}
      {hit.decision ? (
        <DecisionNote decision={hit.decision} />
      ) : reportId ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <DecisionDialog hit={hit} decision="false_positive" reportId={reportId} describedBy={nameId} />
          <DecisionDialog hit={hit} decision="confirmed" reportId={reportId} describedBy={nameId} />
        </div>
      ) : null}
    </li>
  );
}

function DecisionNote({ decision }: { decision: ScreeningDecision }) {
  return (
    <div className="mt-3 rounded-lg bg-slate-50 px-3 py-2.5 text-sm ring-1 ring-slate-200 ring-inset">
      <p className="font-semibold text-slate-900">{t('assessment.screening.decision', { decision: decisionLabel(decision.decision) })}</p>
      {decision.note.trim() && <p className="mt-0.5 break-words whitespace-pre-line text-slate-700">{decision.note}</p>}
      <p className="mt-1 text-xs text-slate-500">
        {t('assessment.screening.decidedBy', { by: decision.decided_by, date: dateTime(decision.decided_at) })}
      </p>
    </div>
  );
}

/** A decision button and its dialog: a required note, checked with the contract, then recorded; the report shows the answer. */
function DecisionDialog({ hit, decision, reportId, describedBy }: { hit: ScreeningHitDto; decision: ScreeningDecisionValue; reportId: string; describedBy: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  // Recorded: the hit takes the focus (HitItem), not the button that is gone.
  const recorded = useRef(false);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const request = screeningDecisionRequestSchema.safeParse({ report_id: reportId, entry_id: hit.entry_id, decision, note });
    if (!request.success) {
      const issue = request.error.issues[0];
      toast.error(issue ? fieldError(issue.message) : t(screeningTexts.recordFailed));
      noteRef.current?.focus();
      return;
    }
    await runBusy(setBusy, t(screeningTexts.recordFailed), async () => {
      const screening = await postScreeningDecision(request.data);
      toast.success(t(screeningTexts.recorded[decision]));
      recorded.current = true;
      setOpen(false);
      setReportScreening(client, reportId, screening);
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-describedby={describedBy}
          className={decision === 'confirmed' ? 'text-red-800 hover:border-red-300 hover:bg-red-50' : undefined}
        >
          {t(screeningTexts.action[decision])}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus-visible:outline-none"
          // The first field, not the close button: the note is what the dialog asks for.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            noteRef.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            if (recorded.current) e.preventDefault();
          }}
        >
          <form noValidate onSubmit={(e) => void handleSubmit(e)}>
            <Dialog.Title className="text-lg font-semibold text-slate-900">{t(screeningTexts.dialogTitle[decision])}</Dialog.Title>
            <dl className="mt-3 grid gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm ring-1 ring-slate-200 ring-inset sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">
                  {t('assessment.screening.listedNameOf', { list: hit.list, entry: hit.entry_id })}
                </dt>
                <dd className="font-semibold break-words text-slate-900">{hit.listed_name}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">{matchedNameLabel(hit.subject)}</dt>
                <dd className="font-semibold break-words text-slate-900">{hit.matched_name}</dd>
              </div>
            </dl>
            <Dialog.Description className="mt-3 text-sm text-slate-600">
              {t('assessment.screening.dialogDescription')}
            </Dialog.Description>
            <div className="mt-4">
              <Label htmlFor={noteId} required>
                {t(screeningTexts.noteLabel)}
              </Label>
              <Textarea
                id={noteId}
                ref={noteRef}
                required
                aria-required="true"
                rows={4}
                maxLength={2000}
                placeholder={t(screeningTexts.placeholder[decision])}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            <DialogButtons Close={Dialog.Close} busy={busy}>
              <Button type="submit" variant={decision === 'confirmed' ? 'danger' : 'primary'} loading={busy} loadingText={t('assessment.screening.saving')}>
                {t(screeningTexts.action[decision])}
              </Button>
            </DialogButtons>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
