/**
 * Watchlist screening (issue 42): names compared across scripts and spellings, a person matched against an entry,
 * the decision, the reasons. Its own entry point (`@openvisit/contract/screening`) because it carries the conversion
 * tables (OpenCC, pinyin-pro): the server and the kiosk's offline check load it, the console does not.
 */
export * from './match.js';
export * from './names.js';
export * from './offline.js';
export * from './reasons.js';
export * from './terms.js';
