import type { CompanyData } from '../shared/contracts/assessment.js';
import type { ReportResponse } from '../shared/contracts/assessment-api.js';
import type { Locale } from '../shared/i18n/locales.js';
import { informFor } from './engine/index.js';
import { loadHazardRasters, type HazardRasters } from './geo/hazard-rasters.js';
import { renderReportPdf } from './modules/reports/report-pdf.js';
import type { AnalystAnswer } from './providers/analyst/analyst.js';
import { EmbeddedAnalyst } from './providers/analyst/embedded.js';
import type { MapRequest } from './providers/maps/map-renderer.js';
import { OfflineMapRenderer, type OfflineMapOptions } from './providers/maps/offline.js';

/**
 * The steps a CPU worker runs (cpu-worker.ts), each the in-process code of its provider: inside
 * a worker there is no pool, so the provider's own method runs right there.
 */

export interface TaskResult<T> {
  value: T;
  transfer?: ArrayBuffer[];
}

export interface MapTask {
  options: OfflineMapOptions;
  request: MapRequest;
}

export interface AnalysisTask {
  company: CompanyData;
  /** HAZARD_DATA_DIR, when the deployment has rasters. */
  rastersDir?: string;
}

export interface PdfTask {
  report: ReportResponse;
  map: Uint8Array | null;
  productName: string;
  appUrl: string;
  /** The PDF's date (ms since the epoch), taken where the request came in. */
  nowMs: number;
  /** The language the PDF is written in. */
  locale: Locale;
}

const renderers = new Map<string, OfflineMapRenderer>();
const rasters = new Map<string, HazardRasters>();

function renderer(options: OfflineMapOptions): OfflineMapRenderer {
  const key = JSON.stringify(options);
  let r = renderers.get(key);
  if (!r) renderers.set(key, (r = new OfflineMapRenderer(options)));
  return r;
}

export const cpuTasks = {
  /** Loads the map's and the engine's data (outlines, coastline, towns, hazard layers, fonts, INFORM). */
  async warm(_: undefined): Promise<TaskResult<null>> {
    renderer({}).warm();
    informFor('PT');
    return { value: null };
  },

  async map({ options, request }: MapTask): Promise<TaskResult<Uint8Array>> {
    const png = await renderer(options).render(request);
    // A copy of its own, moved (not copied again) to the main thread.
    const out = new Uint8Array(png);
    return { value: out, transfer: [out.buffer] };
  },

  async analysis({ company, rastersDir }: AnalysisTask): Promise<TaskResult<AnalystAnswer>> {
    let r: HazardRasters | undefined;
    if (rastersDir) {
      r = rasters.get(rastersDir);
      if (!r) rasters.set(rastersDir, (r = loadHazardRasters(rastersDir)));
    }
    return { value: await new EmbeddedAnalyst(r).analyse({ company }) };
  },

  async pdf({ report, map, productName, appUrl, nowMs, locale }: PdfTask): Promise<TaskResult<{ bytes: Uint8Array; fileName: string }>> {
    const pdf = await renderReportPdf(report, map, { productName, appUrl, now: () => new Date(nowMs), locale });
    const bytes = new Uint8Array(pdf.bytes);
    return { value: { bytes, fileName: pdf.fileName }, transfer: [bytes.buffer] };
  },
};

export type CpuTasks = typeof cpuTasks;
