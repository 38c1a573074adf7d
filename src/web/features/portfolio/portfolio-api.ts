import {
  PORTFOLIO_FILE_MAX_BYTES,
  portfolioCreatedSchema,
  portfolioPreviewSchema,
  type PortfolioCreateBody,
  type PortfolioPreview,
  type PortfolioPreviewRow,
  type PortfolioRowInput,
} from '../../../shared/contracts/portfolio';
import { ResponseShapeError } from '../../lib/api-client';
import { authJson, authRequest } from '../../lib/auth-fetch';
import { t } from '../../lib/i18n';

/**
 * The portfolio calls of the signed-in screens, parsed with the shared contracts. Errors stay
 * typed (ApiError with the server's detail, NetworkError, SessionEndedError); the screens pick
 * the toast. The list is in entities/portfolio/portfolios-api.ts (the dashboard shows it too).
 */

export type PreviewSource = { file: File } | { text: string };

/** A file the server would refuse anyway (too big, empty), named in words before it is sent. */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return t('portfolio.upload.fileEmpty', { name: file.name });
  if (file.size > PORTFOLIO_FILE_MAX_BYTES) {
    return t('portfolio.upload.fileTooBig', { name: file.name, size: PORTFOLIO_FILE_MAX_BYTES / 1024 / 1024 });
  }
  return null;
}

/** POST /api/portfolios/preview: every row checked, nothing stored or spent. */
export function previewPortfolio(source: PreviewSource): Promise<PortfolioPreview> {
  if ('file' in source) {
    const form = new FormData();
    form.append('file', source.file, source.file.name);
    return authJson('/api/portfolios/preview', portfolioPreviewSchema, { method: 'POST', body: form });
  }
  return authJson('/api/portfolios/preview', portfolioPreviewSchema, { method: 'POST', json: { text: source.text } });
}

/** The rows to send on confirmation: every previewed row as it was read (the server keeps invalid ones as failed). */
export function rowsToCreate(rows: readonly PortfolioPreviewRow[]): PortfolioRowInput[] {
  return rows.map((r) => ({
    fiscal_number: r.fiscal_number,
    country: r.country,
    ...(r.reference.trim() ? { reference: r.reference } : {}),
    ...(r.site_address.trim() ? { site_address: r.site_address } : {}),
    ...(r.site_type?.trim() ? { site_type: r.site_type } : {}),
  }));
}

/** POST /api/portfolios → the new portfolio's id; the run starts in the background. */
export async function createPortfolio(body: PortfolioCreateBody): Promise<string> {
  const { id } = await authJson('/api/portfolios', portfolioCreatedSchema, { method: 'POST', json: body });
  return id;
}

export { fetchPortfolio } from '../../entities/portfolio/portfolios-api';

/** POST …/rows/:rowId/retry (202): the failed row is queued again. */
export async function retryPortfolioRow(id: string, rowId: string): Promise<void> {
  await authRequest(`/api/portfolios/${encodeURIComponent(id)}/rows/${encodeURIComponent(rowId)}/retry`, { method: 'POST' });
}

/** Queues every failed row that can run again; answers how many were queued. */
export async function retryFailedRows(id: string): Promise<number> {
  const res = await authRequest(`/api/portfolios/${encodeURIComponent(id)}/retry-failed`, { method: 'POST' });
  const body: unknown = await res.json();
  const retried = typeof body === 'object' && body !== null ? (body as { retried?: unknown }).retried : undefined;
  return typeof retried === 'number' ? retried : 0;
}

export type ExportFormat = 'csv' | 'xlsx';

const EXPORT_TYPES: Record<ExportFormat, RegExp> = {
  csv: /text\/csv|text\/plain|application\/octet-stream/i,
  xlsx: /spreadsheetml|application\/octet-stream|application\/zip/i,
};

/** The file name of a Content-Disposition header (RFC 6266 filename* first), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
}

/** A file name every file system accepts, from a portfolio name. */
export function safeFileName(name: string, extension: string): string {
  const base = name
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[/\\:*?"<>|\p{Cc}]/gu, '_')
    .slice(0, 80);
  return `${base || t('portfolio.export.fileName')}.${extension}`;
}

/** Saves a blob under a name through a temporary link (downloads need no page navigation). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * GET …/export.csv|.xlsx with the bearer token (a plain link would go without it), saved under
 * the server's file name. Returns the name it was saved under.
 */
export async function downloadExport(id: string, format: ExportFormat, fallbackName: string): Promise<string> {
  const res = await authRequest(`/api/portfolios/${encodeURIComponent(id)}/export.${format}`, { headers: { accept: '*/*' } });
  const blob = await res.blob();
  const type = blob.type || res.headers.get('content-type') || '';
  if (blob.size === 0 || /json|html/i.test(type) || (type && !EXPORT_TYPES[format].test(type))) {
    throw new ResponseShapeError(new Error(`expected a ${format} file, got ${type || 'nothing'}`));
  }
  const name = dispositionFileName(res.headers.get('content-disposition')) ?? safeFileName(fallbackName, format);
  saveBlob(blob, name);
  return name;
}

/** The template offered for download: the header the parser reads and two example sites of one company. */
export const TEMPLATE_CSV =
  [
    'fiscal_number,country,reference,site_address,site_type',
    'PT500697256,Portugal,EDP head office,"Avenida 24 de Julho 12, 1249-300 Lisboa",office',
    'PT500697256,PT,EDP Porto site,"Rua Ofélia Diogo da Costa 45, 4149-022 Porto",',
    'DE143454214,Germany,SAP Walldorf,,'
  ].join('\r\n') + '\r\n';

export function downloadTemplate(): void {
  // The BOM makes spreadsheet programs read the file as UTF-8.
  saveBlob(new Blob(['\uFEFF', TEMPLATE_CSV], { type: 'text/csv;charset=utf-8' }), 'corisk-portfolio-template.csv');
}

