import type { Rule } from '../core/schemas/rule.js';
import { patternText } from './pattern-text.js';

/** A rule as the diff lists it. */
export interface DiffRule {
  id: string;
  name: string;
  label: string;
  pattern: string;
}

/** A rule active in both rulesets whose matching changed. */
export interface EditedRule extends DiffRule {
  /** The pattern (or terms) in the earlier run. */
  before: string;
  /** What changed, in words: `pattern`, `label`, `group`, `priority`, … */
  changes: string[];
}

/** An example whose outcome flipped, with the start of its text. */
export interface FlippedExample {
  id: string;
  text: string;
  /** TP/FP/FN before and now. */
  before: { tp: number; fp: number; fn: number } | null;
  now: { tp: number; fp: number; fn: number } | null;
}

/** What changed since an earlier eval run: the rules, the examples whose outcome flipped, F1. */
export interface ReportDiff {
  run_id: number;
  run_created_at: string;
  split: string;
  f1_before: number | null;
  f1_now: number | null;
  macro_f1_before: number | null;
  macro_f1_now: number | null;
  /** One sentence: which of data, rules and config changed. */
  summary: string;
  /** False when the rules as of the run could not be rebuilt exactly from the rule history (its hash differs). */
  rules_exact: boolean;
  added: DiffRule[];
  removed: DiffRule[];
  edited: EditedRule[];
  fixed: FlippedExample[];
  broken: FlippedExample[];
  /** How many examples were fixed and broken (the lists are capped). */
  fixed_n: number;
  broken_n: number;
  /** Examples with other items but as many errors. */
  changed: number;
}

/** A piece of a pattern diff: kept (`=`), removed (`-`) or added (`+`). */
export interface DiffPiece {
  op: '=' | '-' | '+';
  text: string;
}

/** Past this many code points on either side, the diff is one edit between the common ends. */
const LCS_LIMIT = 600;

/**
 * `a` against `b` by code point: the pieces of a longest-common-subsequence diff (kept, removed,
 * added, neighbours of one kind merged), so `Rome` → `(?:Rome|Paris)` marks only what was added.
 */
export function patternDiff(a: string, b: string): DiffPiece[] {
  const x = [...a];
  const y = [...b];
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  let s = 0;
  while (s < x.length - p && s < y.length - p && x[x.length - 1 - s] === y[y.length - 1 - s]) s++;
  const xm = x.slice(p, x.length - s);
  const ym = y.slice(p, y.length - s);
  const pieces: DiffPiece[] = [];
  const push = (op: DiffPiece['op'], text: string) => {
    if (!text) return;
    const last = pieces[pieces.length - 1];
    if (last && last.op === op) last.text += text;
    else pieces.push({ op, text });
  };
  push('=', x.slice(0, p).join(''));
  if (xm.length > LCS_LIMIT || ym.length > LCS_LIMIT) {
    push('-', xm.join(''));
    push('+', ym.join(''));
  } else {
    // lcs[i][j]: the longest common subsequence of xm[i..] and ym[j..].
    const lcs = Array.from({ length: xm.length + 1 }, () => new Array<number>(ym.length + 1).fill(0));
    for (let i = xm.length - 1; i >= 0; i--) for (let j = ym.length - 1; j >= 0; j--) lcs[i]![j] = xm[i] === ym[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < xm.length || j < ym.length) {
      if (i < xm.length && j < ym.length && xm[i] === ym[j]) {
        push('=', xm[i++]!);
        j++;
      } else if (j < ym.length && (i === xm.length || lcs[i]![j + 1]! > lcs[i + 1]![j]!)) push('+', ym[j++]!);
      else push('-', xm[i++]!);
    }
  }
  push('=', x.slice(x.length - s).join(''));
  return pieces;
}

/** One stored version of a rule, as the history gives it. */
export interface HistoryEntry {
  rule: Rule;
  note: string;
  created_at: string;
}

/**
 * The rules that were active at `time`, from each rule's history (oldest first): the last version
 * written at or before that time (`strict`: before it), unless it was a deletion or not active.
 */
export function activeAsOf(histories: readonly (readonly HistoryEntry[])[], time: string, options: { strict?: boolean } = {}): Rule[] {
  const out: Rule[] = [];
  for (const h of histories) {
    let last: HistoryEntry | undefined;
    for (const v of h) if (options.strict ? v.created_at < time : v.created_at <= time) last = v;
    if (last && last.note !== 'deleted' && last.rule.status === 'active') out.push(last.rule);
  }
  return out;
}

const view = (r: Rule): DiffRule => ({ id: r.id, name: r.name, label: r.output.label, pattern: patternText(r) });

/** Fields that change what a rule matches or outputs, with their names in the diff. */
const MATCHING: [string, (r: Rule) => unknown][] = [
  ['pattern', (r) => patternText(r)],
  ['format', (r) => r.format],
  ['dialect', (r) => r.dialect],
  ['label', (r) => r.output.label],
  ['group', (r) => r.output.group],
  ['priority', (r) => r.priority],
  ['confidence', (r) => r.confidence],
  ['conditions', (r) => JSON.stringify(r.when ?? null)],
];

/** Rules added, removed and edited (matching fields only) from `before` to `now`, each by name. */
export function diffRules(before: readonly Rule[], now: readonly Rule[]): Pick<ReportDiff, 'added' | 'removed' | 'edited'> {
  const a = new Map(before.map((r) => [r.id, r]));
  const b = new Map(now.map((r) => [r.id, r]));
  const byName = (x: DiffRule, y: DiffRule) => x.name.localeCompare(y.name) || (x.id < y.id ? -1 : 1);
  const added = now.filter((r) => !a.has(r.id)).map(view).sort(byName);
  const removed = before.filter((r) => !b.has(r.id)).map(view).sort(byName);
  const edited: EditedRule[] = [];
  for (const r of now) {
    const old = a.get(r.id);
    if (!old) continue;
    const changes = MATCHING.filter(([, f]) => f(old) !== f(r)).map(([k]) => k);
    if (changes.length) edited.push({ ...view(r), before: patternText(old), changes });
  }
  return { added, removed, edited: edited.sort(byName) };
}
