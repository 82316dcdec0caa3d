export { Workspace, type OpenOptions } from './workspace.js';
export { DEFAULT_DB, resolveDbPath } from './paths.js';
export { buildTask, type NewDataset } from './datasets.js';
export type { ImportFileOptions } from './import-file.js';
export { EXPORT_FORMATS, formatFromPath, type ExportFormat, type ExportOptions } from './export-file.js';
export { DEFAULT_SEED, type SplitRequest } from './split.js';
export type { ListExamplesRequest } from './examples.js';
export type * from './types.js';
