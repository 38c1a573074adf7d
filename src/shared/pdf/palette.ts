/** The documents' colours (the brand's navy and green of styles.css, and the greys of the screens). */

export type Rgb = readonly [number, number, number];

export const NAVY: Rgb = [15, 42, 74];
export const BRAND: Rgb = [23, 60, 108];
export const BRAND_SOFT: Rgb = [238, 244, 251];
export const ACCENT: Rgb = [34, 197, 94];
export const INK: Rgb = [30, 41, 59];
export const MUTED: Rgb = [100, 116, 139];
export const RULE: Rgb = [226, 232, 240];
export const ZEBRA: Rgb = [248, 250, 252];
export const TRACK: Rgb = [226, 232, 240];
export const AMBER_SOFT: Rgb = [255, 251, 235];
export const AMBER_RULE: Rgb = [252, 211, 77];
export const AMBER_INK: Rgb = [146, 64, 14];
export const RED_SOFT: Rgb = [254, 242, 242];
export const RED_RULE: Rgb = [252, 165, 165];
export const RED_INK: Rgb = [153, 27, 27];
export const WHITE: Rgb = [255, 255, 255];
/** The header band's subtitle. */
export const HEADER_SUBTITLE: Rgb = [203, 213, 225];
