import { writeFileSync } from 'node:fs';
import type { Workspace } from '../../src/service/index.js';
import { DEMO } from './harness.js';

/** Hand-written rules for the five demo intents: good ones, two harmful catch-mores, one dead. */
export const DEMO_RULES = [
  { id: 'card-arrival', name: 'card arrival', pattern: "(?:card|it).*(?:arriv|deliver|come|mail)|still waiting|hasn't (?:arrived|come)", label: 'card_arrival' },
  { id: 'exchange-rate', name: 'exchange rate', pattern: 'exchange rates?|rate of exchange|conversion rate', label: 'exchange_rate' },
  { id: 'pending-cash', name: 'pending cash', pattern: '(?:withdraw|cash|atm).*pending|pending.*(?:withdraw|cash|atm)', label: 'pending_cash_withdrawal' },
  { id: 'beneficiary', name: 'beneficiary', pattern: 'beneficiar', label: 'beneficiary_not_allowed' },
  { id: 'disposable', name: 'disposable', pattern: 'disposable|virtual card', label: 'disposable_card_limits' },
  { id: 'any-card', name: 'any card', pattern: '\\bcard\\b', label: 'card_arrival', priority: 1 },
  { id: 'any-money', name: 'any money', pattern: '\\b(?:money|transfer)\\b', label: 'exchange_rate', priority: 1 },
  { id: 'zebra', name: 'zebra', pattern: 'zebra crossing', label: 'exchange_rate' },
] as const;

/** The bundled demo dataset as a user has it right after `import`: no split, no rules. */
export function importDemo(ws: Workspace): Workspace {
  ws.importFile(DEMO, { create: { name: 'banking77' } });
  return ws;
}

/**
 * The bundled demo dataset with a dev split, the hand-written rules, and stored metrics: what a
 * user has after `import`, `split`, `rules add` and `metrics`.
 */
export async function demoWorkspace(ws: Workspace, opts: { metrics?: boolean } = {}): Promise<Workspace> {
  importDemo(ws);
  const d = ws.dataset();
  d.split({ dev: 0.3, seed: 42 });
  for (const r of DEMO_RULES) await d.addRule({ id: r.id, name: r.name, pattern: r.pattern, label: r.label, flags: 'i', ...('priority' in r ? { priority: r.priority } : {}) });
  if (opts.metrics !== false) await d.metrics();
  return ws;
}

/** A tiny NER dataset written to `file`: people and cities. */
export const SPAN_ROWS = [
  { id: 's1', text: 'Ann met Bob in Oslo.', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 15, end: 19, label: 'LOC' }], split: 'train' },
  { id: 's2', text: 'Oslo and Bergen are cold.', spans: [{ start: 0, end: 4, label: 'LOC' }, { start: 9, end: 15, label: 'LOC' }], split: 'train' },
  { id: 's3', text: 'Carl flew to Paris with Ann.', spans: [{ start: 0, end: 4, label: 'PER' }, { start: 13, end: 18, label: 'LOC' }, { start: 24, end: 27, label: 'PER' }], split: 'dev' },
  { id: 's4', text: 'Paris is far from Oslo, said Dora.', spans: [{ start: 0, end: 5, label: 'LOC' }, { start: 18, end: 22, label: 'LOC' }, { start: 29, end: 33, label: 'PER' }], split: 'dev' },
  { id: 's5', text: 'Nothing here.', spans: [], split: 'dev' },
];

/** The tiny span dataset with a city lexicon-like regex, a name regex that over-fires, and metrics. */
export async function spanWorkspace(ws: Workspace, file: string, opts: { metrics?: boolean } = {}): Promise<Workspace> {
  writeFileSync(file, SPAN_ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
  ws.importFile(file, { create: { name: 'people', type: 'ner' } });
  const d = ws.dataset();
  await d.addRule({ id: 'cities', name: 'cities', pattern: '\\b(?:Oslo|Bergen|Paris)\\b', label: 'LOC' });
  await d.addRule({ id: 'names', name: 'capitalised names', pattern: '\\b(?:Ann|Bob|Carl|Nothing)\\b', label: 'PER' });
  if (opts.metrics !== false) await d.metrics();
  return ws;
}
