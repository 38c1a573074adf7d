/**
 * The site hazards' rules in one place (pure, shared by the engine, the map and /methodology):
 * the rule table, the level sentences, the bundled datasets and the page's threshold texts.
 */
export * from './rules.js';
export * from './sentences.js';
export * from './datasets.js';
export * from './methodology.js';
export { LEVEL_WORDS, num, roman } from './format.js';
