/** How the rule texts write numbers and levels, shared by the engine's evidence and the methodology page. */

// One formatter for every number: toLocaleString builds a new one per call, which made number
// formatting a fifth of an analysis's CPU time.
const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/** '1,000', '0.75', '44.5' */
export const num = (x: number): string => NUMBER.format(x);

const ROMAN = ['0', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
/** Intensity on the 12-degree scales: 8 → 'VIII'. */
export const roman = (i: number): string => ROMAN[Math.max(0, Math.min(12, Math.floor(i)))]!;

/** Each level as the evidence says it, in lower case (the reports' labels are in scoring.ts). */
export const LEVEL_WORDS = ['none', 'very low', 'low', 'moderate', 'high', 'very high'] as const;

/** '1 million', '500,000' */
export const people = (n: number): string => (n >= 1_000_000 ? `${num(n / 1_000_000)} million` : num(n));
