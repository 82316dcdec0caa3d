export * from './types.js';
export * from './registry.js';
export * from './verdict-cache.js';
export { parseNumber } from './parse-number.js';
export { parseDate } from './parse-date.js';
export { normalizeText } from './normalized.js';
export { toleranceFor } from './numeric-tolerance.js';
export { charNgramCosine, tokenJaccard, cosine } from './lexical.js';
