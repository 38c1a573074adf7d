import { ClipboardPaste, FileSpreadsheet, SearchCheck, Upload } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { MAX_PORTFOLIO_ROWS } from '../../../shared/contracts/portfolio';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Label } from '../../components/ui/label';
import { fieldClasses } from '../../components/ui/field-styles';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { fileProblem, type PreviewSource } from './portfolio-api';

const ACCEPT = '.csv,.tsv,.txt,.xlsx,text/csv,text/plain,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ACCEPTED_NAME = /\.(csv|tsv|txt|xlsx)$/i;

const PASTE_PLACEHOLDER = [
  'fiscal_number,country,reference,site_address',
  'PT500697256,Portugal,EDP head office,"Avenida 24 de Julho 12, 1249-300 Lisboa"',
  'DE143454214,DE,SAP Walldorf,',
].join('\n');

const triggerClass =
  'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 transition-colors ' +
  'hover:text-brand-800 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

export interface NewPortfolioFormProps {
  /** Asks the server to check the rows; `name` is the suggested portfolio name. */
  onPreview: (source: PreviewSource, name: string) => void;
  busy: boolean;
}

/** The file's name without its extension, as the portfolio's suggested name. */
export function nameFromFile(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim();
}

/** 'New portfolio': a CSV/XLSX file (dropped or picked) or pasted rows, checked by the server before anything is spent. */
export function NewPortfolioForm({ onPreview, busy }: NewPortfolioFormProps) {
  const [mode, setMode] = useState<'file' | 'paste'>('file');
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInputId = useId();
  const hintId = useId();
  const errorId = useId();

  const takeFile = (file: File | undefined) => {
    if (!file || busy) return;
    const problem = !ACCEPTED_NAME.test(file.name)
      ? t('portfolio.upload.wrongType', { name: file.name })
      : fileProblem(file);
    setFileError(problem);
    if (problem) {
      toast.error(problem);
      return;
    }
    onPreview({ file }, nameFromFile(file.name));
  };

  const handleDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setDragging(false);
    takeFile(e.dataTransfer.files[0]);
  };

  const handlePaste = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      toast.error(t('portfolio.upload.pasteEmpty'));
      return;
    }
    onPreview({ text }, '');
  };

  return (
    <Tabs.Root value={mode} onValueChange={(v) => setMode(v === 'paste' ? 'paste' : 'file')}>
      <Tabs.List aria-label={t('portfolio.upload.modeLabel')} className="inline-flex gap-1 rounded-xl bg-slate-100 p-1">
        <Tabs.Trigger value="file" className={triggerClass}>
          <Upload className="size-4" aria-hidden />
          {t('portfolio.upload.fileTab')}
        </Tabs.Trigger>
        <Tabs.Trigger value="paste" className={triggerClass}>
          <ClipboardPaste className="size-4" aria-hidden />
          {t('portfolio.upload.pasteTab')}
        </Tabs.Trigger>
      </Tabs.List>

      <Tabs.Content value="file" className="mt-4 focus-visible:outline-none">
        <label
          htmlFor={fileInputId}
          onDragEnter={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={handleDrop}
          data-testid="portfolio-dropzone"
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors',
            'focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30',
            dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-300 hover:bg-brand-50/50',
            busy && 'cursor-wait opacity-70',
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
            <FileSpreadsheet className="size-6" aria-hidden />
          </span>
          <span className="text-sm font-semibold text-slate-900">
            {dragging ? t('portfolio.upload.dropNow') : t('portfolio.upload.dropHint')}
          </span>
          <span id={hintId} className="text-xs text-slate-500">
            {t('portfolio.upload.limits', { max: formatCount(MAX_PORTFOLIO_ROWS) })}
          </span>
          <span className="inline-flex h-9 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm">
            {t('portfolio.upload.choose')}
          </span>
          <input
            id={fileInputId}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            aria-label={t('portfolio.upload.fileLabel')}
            aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
            className="sr-only"
            onChange={(e) => {
              takeFile(e.target.files?.[0]);
              // The same file may be chosen again after a fix.
              e.target.value = '';
            }}
          />
        </label>
        {fileError && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {fileError}
          </p>
        )}
        {busy && (
          <p role="status" className="mt-3 text-sm text-slate-600">
            {t('portfolio.upload.checking')}
          </p>
        )}
      </Tabs.Content>

      <Tabs.Content value="paste" className="mt-4 focus-visible:outline-none">
        <form onSubmit={handlePaste} aria-label={t('portfolio.upload.pasteTab')} className="flex flex-col gap-3">
          <div>
            <Label htmlFor="portfolio-paste">{t('portfolio.upload.pasteLabel')}</Label>
            {/* A plain textarea: the kit's one would become a shared chunk that every page's router map names. */}
            <textarea
              id="portfolio-paste"
              rows={8}
              spellCheck={false}
              value={text}
              disabled={busy}
              placeholder={PASTE_PLACEHOLDER}
              onChange={(e) => setText(e.target.value)}
              className={cn(fieldClasses, 'min-h-24 py-2.5 font-mono text-xs leading-relaxed')}
            />
            <p className="mt-1.5 text-xs text-slate-500">{t('portfolio.upload.pasteHint')}</p>
          </div>
          <div>
            <Button type="submit" loading={busy} loadingText={t('portfolio.upload.checkingShort')}>
              <SearchCheck className="size-4" aria-hidden />
              {t('portfolio.upload.check')}
            </Button>
          </div>
        </form>
      </Tabs.Content>
    </Tabs.Root>
  );
}
