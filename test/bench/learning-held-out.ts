/**
 * Where a learning change is judged before the bench sees it: the inducer on a case's train and dev
 * rows only, scored on other train and dev rows (learning/held-out.ts), beside the bench's baselines
 * (TF-IDF+LR or the token tagger, and the keyword list) trained on the rows it learned from, dev
 * included. Test rows never enter a run, so a setting chosen here was not chosen on test. A change
 * is worth the bench when it holds over several seeds and sets: one split moves by .02 either way
 * as the list takes another path. The inducer's own seed stays 42, as in the bench; `--seeds`
 * draws other rows.
 *
 *   npm run build && node dist/test/bench/learning-held-out.js --case b77-77 --per-label 10 --seeds 7,8,9
 *   node dist/test/bench/learning-held-out.js --case trec6 --seeds 7,8 --tune covering.maxLiterals=4
 *   node dist/test/bench/learning-held-out.js --case echr-long --group judgment --json
 *   node dist/test/bench/learning-held-out.js --file sms.csv --seeds 7,8,9,10,11,12,13
 *
 * --file PATH reads a dataset of one's own (any format `rulewright import` reads) in place of a
 * case, all its labelled rows pooled. Without --per-label, a 60/20/20 split of train + dev (learn /
 * dev / score). --group KEY keeps the rows sharing `meta.KEY` in one part. --tune path=number sets
 * a TUNING value for this run only. --notes prints the learn summary's notes and the rules to stderr.
 * --baselines-from train has the baselines learn from the inducer's own rows, without dev: the
 * bench gives them dev too, which the inducer only judges on (or sets aside when it is too small).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { rulesPerLabel } from '../../src/core/metrics/rules-per-label.js';
import type { Example } from '../../src/core/schemas/example.js';
import { induceRules } from '../../src/learn/induce/index.js';
import { TUNING } from '../../src/learn/induce/tuning.js';
import { CASE_NAMES, loadCase } from './learning/cases.js';
import { heldOut, overrideTuning, type Protocol } from './learning/held-out.js';
import { scorePredictions, scoreRules } from './learning/score.js';
import type { BenchCase, SystemScore } from './learning/types.js';
import { trainBaseline } from './learning/systems.js';
import { fileCase } from './learning/file-case.js';

const USAGE = `usage: node dist/test/bench/learning-held-out.js (--case NAME | --file PATH) [--per-label N] [--seeds 7,8] [--group KEY] [--tune path=number,...] [--max-rules-per-label N] [--baselines-from train|train+dev] [--notes] [--json]
cases: ${CASE_NAMES.join(', ')}`;

/** A baseline's figures on the scored rows: accuracy and micro F1, and F1 per label where the task is scored per label. */
interface BaselineFigures {
  accuracy: number | null;
  f1: number | null;
  per_label?: Record<string, number | null>;
}

const figures = (s: SystemScore): BaselineFigures => ({ accuracy: s.accuracy, f1: s.f1, ...(s.per_label ? { per_label: s.per_label } : {}) });

export interface HeldRow {
  case: string;
  seed: number;
  protocol: string;
  learned_from: number;
  dev: number;
  scored: number;
  accuracy: number | null;
  f1: number | null;
  coverage: number | null;
  per_label?: Record<string, number | null>;
  rules: number;
  median_per_label: number;
  /** The statistical baseline: TF-IDF+LR on classes, the token tagger on spans and fields. */
  stat: BaselineFigures;
  keyword: BaselineFigures;
  /** Rows the baselines learned from: the inducer's and dev's (`--baselines-from train+dev`), or the inducer's alone. */
  baselines_learned_from: number;
  learn_s: number;
}

/** How one row is run: a per-label budget, the notes printed, and whether the baselines also learn from dev (as the bench's do) or only from the rows the inducer learns from. */
interface RunOptions {
  maxRulesPerLabel?: number;
  notes: boolean;
  baselinesFrom: 'train' | 'train+dev';
}

async function runOne(c: BenchCase, protocol: Protocol, seed: number, { maxRulesPerLabel, notes, baselinesFrom }: RunOptions): Promise<HeldRow> {
  const { train, dev, held } = heldOut([...c.train, ...c.dev], protocol, seed);
  const started = performance.now();
  const res = await induceRules(c.task, train, { ...(dev.length ? { dev } : {}), seed: 42, ...(maxRulesPerLabel ? { maxRulesPerLabel } : {}) });
  const learnS = (performance.now() - started) / 1000;
  if (notes) process.stderr.write(`${[...res.report.notes, ...res.rules.map((r) => `  ${r.name}`)].join('\n')}\n`);
  const s = scoreRules(c.task, res.rules, held);
  // Baselines learn from the same rows and are scored by the same scorer, so a two-label set's positive-class F1 sits beside theirs.
  const rows = baselinesFrom === 'train' ? train : [...train, ...dev];
  const baseline = (kind: 'keyword' | 'stat') => scorePredictions(c.task, held, held.map(trainBaseline(c.task, rows, kind).predict));
  const [stat, keyword] = [baseline('stat'), baseline('keyword')];
  return {
    case: c.name,
    seed,
    protocol: protocol.kind === 'draw' ? `${protocol.perLabel} per label` : '60/20/20',
    learned_from: train.length,
    dev: dev.length,
    scored: held.length,
    accuracy: s.accuracy,
    f1: s.f1,
    coverage: s.coverage,
    ...(s.per_label ? { per_label: s.per_label } : {}),
    rules: res.rules.length,
    median_per_label: rulesPerLabel(c.task.labels ?? [], res.rules.map((r) => r.output.label ?? '')).median,
    stat: figures(stat),
    keyword: figures(keyword),
    baselines_learned_from: rows.length,
    learn_s: Math.round(learnS * 10) / 10,
  };
}

const r3 = (x: number | null | undefined): string => (x === null || x === undefined ? '-' : x.toFixed(3));

/** ` (F1 per label: a .812, b .640)` for a two-label or span set, else nothing. */
const perLabel = (per: Record<string, number | null> | undefined): string => (per ? ` (F1 per label: ${Object.entries(per).map(([k, v]) => `${k} ${r3(v)}`).join(', ')})` : '');

function line(r: HeldRow): string {
  const shown = (b: BaselineFigures) => `accuracy ${r3(b.accuracy)} F1 ${r3(b.f1)}${perLabel(b.per_label)}`;
  const base = `statistical baseline ${shown(r.stat)}, keyword list ${shown(r.keyword)}`;
  return `${r.case} seed ${r.seed} (${r.protocol}; ${r.learned_from} learned from, ${r.dev} dev, ${r.scored} scored): accuracy ${r3(r.accuracy)} F1 ${r3(r.f1)} coverage ${r3(r.coverage)}${perLabel(r.per_label)}; ${r.rules} rules (median ${r.median_per_label} per label); ${base}; ${r.learn_s} s`;
}

/** What `argv` asks for, parsed; `help` when it asks for the usage or names no case. */
function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      case: { type: 'string' },
      file: { type: 'string' },
      'per-label': { type: 'string' },
      seeds: { type: 'string', default: '7' },
      group: { type: 'string' },
      tune: { type: 'string' },
      'max-rules-per-label': { type: 'string' },
      'baselines-from': { type: 'string', default: 'train+dev' },
      notes: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
}

/** The rows `argv` asks for, one per seed, each handed to `each` as it is made. */
export async function heldOutRows(argv: string[], each: (row: HeldRow) => void = () => {}): Promise<HeldRow[]> {
  const values = parse(argv);
  if (!values.case === !values.file) throw new Error(USAGE);
  const from = values['baselines-from'];
  if (from !== 'train' && from !== 'train+dev') throw new Error(`--baselines-from ${from}: use train (the rows the inducer learns from) or train+dev (those and dev, as the bench's baselines learn)`);
  const key = values.group;
  const protocol: Protocol = values['per-label']
    ? { kind: 'draw', perLabel: Number(values['per-label']) }
    : { kind: 'split', ...(key ? { group: (e: Example) => String(e.meta?.[key] ?? e.id) } : {}) };
  const c = values.file ? fileCase(values.file) : loadCase(values.case!);
  if (protocol.kind === 'draw' && c.task.type !== 'classification') throw new Error(`--per-label draws rows of each label of a classification case; ${c.name} is ${c.task.type}: leave it out for a 60/20/20 split`);
  const restore = overrideTuning(TUNING, values.tune ? values.tune.split(',') : []);
  const cap = values['max-rules-per-label'] ? Number(values['max-rules-per-label']) : undefined;
  const rows: HeldRow[] = [];
  try {
    for (const seed of values.seeds.split(',').map(Number)) {
      const row = await runOne(c, protocol, seed, { ...(cap ? { maxRulesPerLabel: cap } : {}), notes: values.notes, baselinesFrom: from });
      rows.push(row);
      each(row);
    }
  } finally {
    restore();
  }
  return rows;
}

async function main(argv: string[]): Promise<number> {
  const values = parse(argv);
  // Naming neither or both of --case and --file is refused by `heldOutRows`, with the usage.
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  await heldOutRows(argv, (row) => process.stdout.write(`${values.json ? JSON.stringify({ ...row, tune: values.tune ?? null }) : line(row)}\n`));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 2;
    },
  );
}
