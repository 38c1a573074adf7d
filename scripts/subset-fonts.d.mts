// Types of subset-fonts.mjs, for the test that checks the committed subsets.
export const RANGES: readonly (readonly [number, number])[];
export const FONTS: { readonly 'DejaVuSans-subset.ttf': string; readonly 'DejaVuSans-Bold-subset.ttf': string };
export const fontsDir: string;
export function subset(source: string): Promise<Uint8Array>;
