/** The PDF kit the report and the portfolio summary are drawn with (src/shared/reports). */
export * from './document.js';
export * from './palette.js';
export * from './fonts.js';
export * from './image.js';
export * from './cursor.js';
export * from './masthead.js';
