import { INPUT_STREAMS_CLASSES } from './input-streams.js';
import { OUTPUT_PATHS_CLASSES } from './output-paths.js';
import { PATTERNS_CLASSES } from './patterns.js';
import { SECRETS_LIMITS_CLASSES } from './secrets-limits.js';
import { WORKSPACE_CLASSES } from './workspace.js';

/** The table's classes kept one file per area, beside the core table in bad-input.test.ts. */
export const MORE_CLASSES = [...OUTPUT_PATHS_CLASSES, ...PATTERNS_CLASSES, ...INPUT_STREAMS_CLASSES, ...SECRETS_LIMITS_CLASSES, ...WORKSPACE_CLASSES];
