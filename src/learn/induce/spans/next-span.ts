import { type Token, tokenize } from '../text.js';
import { TUNING } from '../tuning.js';
import { numberSlots, skeletonOf } from './shape.js';
import { type LabelledSpan, sameAnswer, type SpanDocOnTrain } from './span-gain.js';

export type { LabelledSpan, SpanDocOnTrain } from './span-gain.js';

/** Why a span task's example is worth a look: a gold span no rule extracts, or a span no gold has. */
export type SpanNextReason = 'missed' | 'spurious';

/** One example to look at next, the span to look at, and how many like it a rule for it could mend. */
export interface SpanNextRow {
  doc: number;
  reason: SpanNextReason;
  span: LabelledSpan;
  gain: number;
  why: string;
  /** Rows that share it point at the same rule: only the first of them leads the queue. */
  group: string;
}

/**
 * What a rule suggested from a span would rest on: its text (a literal), the word before or after
 * it (a context), or its shape when that has digits or punctuation (letters alone are any word).
 * `at` is the key without the label: where in train the rule would fire at all.
 */
interface Key {
  at: string;
  what: string;
}

const WINDOW = TUNING.corrections.spanNextWindow;
const SHAPED = /[\d\p{P}\p{S}]/u;

const shapeOf = (s: string) => skeletonOf(numberSlots(s));

/** The keys of the span `[start, end)` of a text with tokens `toks`. */
function keysOf(text: string, toks: readonly Token[], start: number, end: number): Key[] {
  const inside = toks.filter((t) => t.start >= start && t.end <= end);
  const keys: Key[] = [];
  if (inside.length && inside.length <= WINDOW) keys.push({ at: `t\0${inside.map((t) => t.norm).join(' ')}`, what: `its text ${JSON.stringify(text.slice(start, end))}` });
  const before = toks.filter((t) => t.end <= start).at(-1);
  const after = toks.find((t) => t.start >= end);
  if (before) keys.push({ at: `b\0${before.norm}`, what: `the word before it, ${JSON.stringify(before.norm)}` });
  if (after) keys.push({ at: `a\0${after.norm}`, what: `the word after it, ${JSON.stringify(after.norm)}` });
  const body = text.slice(start, end);
  if (SHAPED.test(body) && inside.length <= WINDOW) keys.push({ at: `s\0${shapeOf(body)}`, what: `its shape (${shapeOf(body)})` });
  return keys;
}

/** How often each key occurs anywhere in train: every run of up to `WINDOW` tokens, and every token as a neighbour. */
function occurrences(docs: readonly SpanDocOnTrain[], toks: readonly (readonly Token[])[]): Map<string, number> {
  const occ = new Map<string, number>();
  const add = (k: string) => occ.set(k, (occ.get(k) ?? 0) + 1);
  docs.forEach((d, i) => {
    const ts = toks[i]!;
    for (let a = 0; a < ts.length; a++) {
      if (a + 1 < ts.length) add(`b\0${ts[a]!.norm}`);
      if (a > 0) add(`a\0${ts[a]!.norm}`);
      for (let n = 1; n <= WINDOW && a + n <= ts.length; n++) {
        add(`t\0${ts.slice(a, a + n).map((t) => t.norm).join(' ')}`);
        const body = d.text.slice(ts[a]!.start, ts[a + n - 1]!.end);
        if (SHAPED.test(body)) add(`s\0${shapeOf(body)}`);
      }
    }
  });
  return occ;
}


/** A missed span's most promising key: the other missed spans of its label a rule on it reaches, less the other places it fires. */
interface Best {
  span: LabelledSpan;
  gain: number;
  reach: number;
  elsewhere: number;
  key: Key;
}

/**
 * Span tasks' `next`: train examples whose fix would help most. First gold spans no rule extracts,
 * ranked by what a rule on their text, their neighbouring word or their shape would gain: the
 * other missed spans of their label that share it, less the places in train it occurs that are
 * no span of that label; then spans the rules extract where gold has none, ranked by how often
 * their rule does so. One row per example, its most promising span; the first row for each rule
 * leads, the rows that would be mended by the same rule follow.
 * `textMatch` counts a prediction of the same label and text as finding a gold span (the task's
 * `text` matching mode).
 */
export function rankNextSpans(docs: readonly SpanDocOnTrain[], textMatch: boolean): SpanNextRow[] {
  const same = (d: SpanDocOnTrain, a: LabelledSpan, b: LabelledSpan) => sameAnswer(d.text, a, b, textMatch);
  const toks = docs.map((d) => tokenize(d.text));
  const occ = occurrences(docs, toks);
  const gold = new Map<string, number>();
  const missed = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const spans = docs.map((d, i) =>
    d.gold.map((g) => {
      const keys = keysOf(d.text, toks[i]!, g.start, g.end);
      const found = d.predicted.some((p) => same(d, p, g));
      for (const k of keys) {
        bump(gold, `${g.label}\0${k.at}`);
        if (!found) bump(missed, `${g.label}\0${k.at}`);
      }
      return { span: g, keys, found };
    }),
  );
  const wrongByRule = new Map<string, number>();
  for (const d of docs) for (const p of d.predicted) if (!d.gold.some((g) => same(d, p, g))) bump(wrongByRule, p.rule);
  const rows: SpanNextRow[] = [];
  docs.forEach((d, doc) => {
    let best: Best | null = null;
    for (const s of spans[doc]!) {
      if (s.found) continue;
      for (const key of s.keys) {
        const reach = missed.get(`${s.span.label}\0${key.at}`)! - 1;
        const elsewhere = Math.max(0, (occ.get(key.at) ?? 0) - gold.get(`${s.span.label}\0${key.at}`)!);
        if (!best || reach - elsewhere > best.gain) best = { span: s.span, gain: reach - elsewhere, reach, elsewhere, key };
      }
    }
    if (best) {
      rows.push({ doc, reason: 'missed', span: best.span, gain: best.gain, why: missedWhy(d.text, best), group: `${best.span.label}\0${best.key.at}` });
      return;
    }
    const wrong = d.predicted.filter((p) => !d.gold.some((g) => same(d, p, g))).sort((a, b) => wrongByRule.get(b.rule)! - wrongByRule.get(a.rule)!)[0];
    if (!wrong) return;
    const n = wrongByRule.get(wrong.rule)!;
    const text = JSON.stringify(d.text.slice(wrong.start, wrong.end));
    rows.push({ doc, reason: 'spurious', span: { start: wrong.start, end: wrong.end, label: wrong.label }, gain: n, why: `${wrong.rule} extracts ${text} as ${wrong.label}, which gold does not have (${n} such on train)`, group: `\0${wrong.rule}` });
  });
  const rank: Record<SpanNextReason, number> = { missed: 0, spurious: 1 };
  rows.sort((a, b) => rank[a.reason] - rank[b.reason] || b.gain - a.gain || a.doc - b.doc);
  const seen = new Set<string>();
  const lead = rows.filter((r) => !seen.has(r.group) && seen.add(r.group));
  return [...lead, ...rows.filter((r) => !lead.includes(r))];
}

function missedWhy(text: string, b: Best): string {
  const head = `no rule extracts ${b.span.label} ${JSON.stringify(text.slice(b.span.start, b.span.end))}`;
  if (b.reach <= 0) return `${head}; no other missed ${b.span.label} span shares its text, neighbours or shape`;
  const others = `${b.reach} other missed ${b.span.label} span${b.reach === 1 ? '' : 's'}`;
  return `${head}; ${others} share ${b.key.what}${b.elsewhere ? `, which occurs ${b.elsewhere} more times elsewhere` : ''}`;
}
