import type { Grade } from '../../../shared/scoring';

/**
 * The report's formatting lives in src/shared/reports (the server renders the same PDF for the
 * API); the screens import it from here, with the Tailwind classes only the screens need.
 */
export * from '../../../shared/reports/report-format';
export * from '../../../shared/reports/screening-format';

/** Tailwind classes per grade for the screen (same hues as the PDF). */
export const GRADE_CLASSES: Record<Grade, { badge: string; text: string; bar: string; ring: string; panel: string }> = {
  A: { badge: 'bg-green-700 text-white', text: 'text-green-700', bar: 'bg-green-600', ring: 'ring-green-200', panel: 'bg-green-50' },
  B: { badge: 'bg-lime-700 text-white', text: 'text-lime-700', bar: 'bg-lime-600', ring: 'ring-lime-200', panel: 'bg-lime-50' },
  C: { badge: 'bg-yellow-600 text-white', text: 'text-yellow-700', bar: 'bg-yellow-500', ring: 'ring-yellow-200', panel: 'bg-yellow-50' },
  D: { badge: 'bg-orange-700 text-white', text: 'text-orange-700', bar: 'bg-orange-500', ring: 'ring-orange-200', panel: 'bg-orange-50' },
  F: { badge: 'bg-red-700 text-white', text: 'text-red-700', bar: 'bg-red-600', ring: 'ring-red-200', panel: 'bg-red-50' },
};
