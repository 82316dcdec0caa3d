import type { BoundMatcher, MatcherContext } from '../matchers/types.js';
import type { MatchMode } from '../schemas/task.js';
import type { OutputSpan, Span } from '../schemas/span.js';
import { SEM_COR, SEM_PAR, pairSemeval, semevalScheme } from './semeval.js';
import { type Pairing, indexByStart, newPairing, pairByOverlap, pairByPredicate, pairIndexed } from './span-pairing.js';
import { newTally } from './tally.js';
import { verdictNotes } from './score-transformation.js';
import type { ExampleScore, MatcherIssue, Outcome } from './types.js';

/** What span scoring needs, resolved once per task by the scorer. */
export interface SpanConfig {
  mode: MatchMode;
  iouThreshold: number;
  /** Every label compares text with plain equality (the fast path). */
  plainText: boolean;
  matcherFor(label: string): BoundMatcher;
  ctx: MatcherContext;
  outcomes: boolean;
  /**
   * Pair leftover predictions and gold items into error kinds (default true). Off, `errors` stays
   * zero: for counts-only scoring, where TP/FP/FN are all that is read.
   */
  errorKinds?: boolean;
}

/**
 * Gold spans of one example inside its scoring universe, with their texts. The indexes are built
 * on first use and kept, so an example scored many times (ranking, pruning) builds them once.
 */
export interface SpanGold {
  spans: readonly Span[];
  texts: readonly string[];
  byLabelText?: Map<string, Map<string, number[]>>;
  byStart?: Map<number, number[]>;
  /** Counts-only keys by mode, built on first use (`spanKeys`). */
  keys?: { text?: SpanKeys; exact?: SpanKeys };
}

function labelTextIndex(gold: SpanGold): Map<string, Map<string, number[]>> {
  if (gold.byLabelText) return gold.byLabelText;
  const m = new Map<string, Map<string, number[]>>();
  gold.spans.forEach((s, i) => {
    let byText = m.get(s.label);
    if (!byText) m.set(s.label, (byText = new Map()));
    const t = gold.texts[i]!;
    const list = byText.get(t);
    if (list) list.push(i);
    else byText.set(t, [i]);
  });
  return (gold.byLabelText = m);
}

const startIndex = (gold: SpanGold): Map<number, number[]> => (gold.byStart ??= indexByStart(gold.spans));

/** Pairs by label and text under each label's matcher; returns the pairs a matcher could not judge. */
function pairText(cfg: SpanConfig, p: Pairing, gold: SpanGold, pred: readonly OutputSpan[]): MatcherIssue[] | undefined {
  const g = gold.spans;
  const t = gold.texts;
  if (cfg.plainText) {
    const index = labelTextIndex(gold);
    pairIndexed(p, pred.length, (j) => index.get(pred[j]!.label)?.get(pred[j]!.text), null);
    return undefined;
  }
  let issues: MatcherIssue[] | undefined;
  pairByPredicate(p, g.length, pred.length, (i, j) => {
    const label = g[i]!.label;
    if (label !== pred[j]!.label) return false;
    const m = cfg.matcherFor(label);
    if (m.isPlainExact) return t[i] === pred[j]!.text;
    const v = m.match(t[i], pred[j]!.text, cfg.ctx);
    if (v.issue) (issues ??= []).push({ field: label, matcher: m.name, issue: v.issue, reason: v.reason });
    return v.passed;
  });
  return issues;
}

/** Why a text-mode pair matched, when a matcher other than plain equality said so. */
function matchNotes(cfg: SpanConfig, gold: Span, goldText: string, pred: OutputSpan): Pick<Outcome, 'reason' | 'lexical_fallback' | 'matcher_issue'> {
  if (cfg.mode !== 'text' || cfg.plainText) return {};
  const m = cfg.matcherFor(gold.label);
  return m.isPlainExact ? {} : verdictNotes(m.match(goldText, pred.text, cfg.ctx));
}

/**
 * Scores predicted spans against gold spans under the configured mode. `pred` must already be
 * restricted to the example's scoring universe. `covered` is decided by the caller.
 */
export function scoreSpans(cfg: SpanConfig, id: string, gold: SpanGold, pred: readonly OutputSpan[]): ExampleScore {
  const g = gold.spans;
  const nG = g.length;
  const nP = pred.length;
  const tally = newTally();
  const outcomes: Outcome[] | undefined = cfg.outcomes ? [] : undefined;
  const scheme = semevalScheme(cfg.mode);
  let p: Pairing;
  let semeval: ExampleScore['semeval'];

  if (scheme) {
    const r = pairSemeval(scheme, g, pred, scheme === 'type' ? undefined : startIndex(gold));
    p = r.pairing;
    semeval = r.counts;
    for (let j = 0; j < nP; j++) {
      const q = pred[j]!;
      const i = p.goldOf[j]!;
      if (i === -1) {
        tally.add(q.label, 0, 1, 0);
        tally.errors.spurious++;
        outcomes?.push({ kind: 'spurious', pred: q });
        continue;
      }
      const gi = g[i]!;
      const k = r.kind[j];
      if (k === SEM_COR) {
        tally.add(gi.label, 1, 0, 0);
        outcomes?.push({ kind: 'match', gold: gi, pred: q, credit: 1 });
        continue;
      }
      const credit = k === SEM_PAR ? 0.5 : 0;
      tally.add(gi.label, credit, 0, 1 - credit);
      tally.add(q.label, 0, 1 - credit, 0);
      const kind = gi.label === q.label ? 'wrong_boundary' : 'wrong_label';
      tally.errors[kind]++;
      outcomes?.push({ kind, gold: gi, pred: q, credit });
    }
    for (let i = 0; i < nG; i++) {
      if (p.predOf[i] !== -1) continue;
      tally.add(g[i]!.label, 0, 0, 1);
      tally.errors.missing++;
      outcomes?.push({ kind: 'missed', gold: g[i]! });
    }
    return tally.finish(id, semeval, outcomes);
  }

  p = newPairing(nG, nP);
  let issues: MatcherIssue[] | undefined;
  if (cfg.mode === 'text') issues = pairText(cfg, p, gold, pred);
  else if (cfg.mode === 'exact') {
    const index = startIndex(gold);
    pairIndexed(p, nP, (j) => index.get(pred[j]!.start), (i, j) => g[i]!.end === pred[j]!.end && g[i]!.label === pred[j]!.label);
  } else pairByOverlap(p, g, pred, (a, b, v) => a.label === b.label && v >= cfg.iouThreshold);

  let unmatchedPred = 0;
  for (let j = 0; j < nP; j++) {
    const i = p.goldOf[j]!;
    if (i === -1) {
      tally.add(pred[j]!.label, 0, 1, 0);
      unmatchedPred++;
    } else {
      tally.add(g[i]!.label, 1, 0, 0);
      outcomes?.push({ kind: 'match', gold: g[i]!, pred: pred[j]!, credit: 1, ...matchNotes(cfg, g[i]!, gold.texts[i]!, pred[j]!) });
    }
  }
  let unmatchedGold = 0;
  for (let i = 0; i < nG; i++) {
    if (p.predOf[i] === -1) {
      tally.add(g[i]!.label, 0, 0, 1);
      unmatchedGold++;
    }
  }
  const finish = () => {
    const s = tally.finish(id, undefined, outcomes);
    if (issues) s.matcher_issues = issues;
    return s;
  };
  if ((unmatchedPred === 0 && unmatchedGold === 0) || cfg.errorKinds === false) return finish();

  // Error kinds: pair the leftovers that overlap, best overlap first.
  const e: Pairing = { goldOf: Int32Array.from(p.goldOf), predOf: Int32Array.from(p.predOf) };
  const paired = unmatchedPred && unmatchedGold ? pairByOverlap(e, g, pred, () => true) : [];
  for (const j of paired) {
    const gi = g[e.goldOf[j]!]!;
    const q = pred[j]!;
    const kind = gi.label === q.label ? 'wrong_boundary' : 'wrong_label';
    tally.errors[kind]++;
    outcomes?.push({ kind, gold: gi, pred: q, credit: 0 });
  }
  for (let j = 0; j < nP; j++) {
    if (e.goldOf[j] !== -1) continue;
    tally.errors.spurious++;
    outcomes?.push({ kind: 'spurious', pred: pred[j]! });
  }
  for (let i = 0; i < nG; i++) {
    if (e.predOf[i] !== -1) continue;
    tally.errors.missing++;
    outcomes?.push({ kind: 'missed', gold: g[i]! });
  }
  return finish();
}

/** Keeps only the spans whose label the example asserts. */
export function inUniverse<T extends { label: string }>(items: readonly T[], annotated: ReadonlySet<string> | null): readonly T[] {
  if (!annotated) return items;
  let keep = true;
  for (const s of items) if (!annotated.has(s.label)) keep = false;
  return keep ? items : items.filter((s) => annotated.has(s.label));
}

/** `SpanKeys.keyOf` of a prediction whose key no gold item has: a sure false positive. */
export const KEY_NO_GOLD = -1;
/** `SpanKeys.keyOf` of a prediction outside the example's scoring universe: not scored at all. */
export const KEY_OUTSIDE = -2;

/**
 * Counts-only span scoring for the modes whose one-to-one pairing is a multiset intersection of
 * keys: `exact` pairs equal (label, start, end), `text` with plain equality pairs equal (label,
 * text). TP is then the sum over keys of min(gold items, predictions) whatever the order, FP the
 * scored predictions minus TP, FN the gold items minus TP: exactly `scoreSpans`' counts, without
 * building spans, pairings or outcomes. Ranking loops key each candidate span once per document
 * and count many subsets of them.
 */
export interface SpanKeys {
  /** Gold items in the scoring universe. */
  readonly nGold: number;
  /** Gold items per key id (0 where an id is unused); key ids are 0 .. goldCount.length - 1. */
  readonly goldCount: Int32Array;
  /**
   * The key id of a predicted span of document text `text`, `KEY_NO_GOLD`, or `KEY_OUTSIDE` (its
   * label is not in the example's scoring universe).
   */
  keyOf(label: string, start: number, end: number, text: string): number;
}

/**
 * The keys of one example's gold for `mode` (`text` or `exact`), cached on `gold`. A key's id is
 * the index of the first gold item with that key, so the pairing indexes double as key tables.
 */
export function spanKeys(gold: SpanGold, annotated: ReadonlySet<string> | null, mode: 'text' | 'exact'): SpanKeys {
  const cache = (gold.keys ??= {});
  const hit = cache[mode];
  if (hit) return hit;
  const g = gold.spans;
  const goldCount = new Int32Array(g.length);
  let keyOf: SpanKeys['keyOf'];
  if (mode === 'text') {
    const index = labelTextIndex(gold);
    for (const byText of index.values()) for (const list of byText.values()) goldCount[list[0]!] = list.length;
    keyOf = (label, start, end, text) =>
      annotated && !annotated.has(label) ? KEY_OUTSIDE : (index.get(label)?.get(text.slice(start, end))?.[0] ?? KEY_NO_GOLD);
  } else {
    const index = startIndex(gold);
    const first = (list: readonly number[], label: string, end: number): number => {
      for (const i of list) if (g[i]!.end === end && g[i]!.label === label) return i;
      return KEY_NO_GOLD;
    };
    for (const list of index.values()) for (const i of list) goldCount[first(list, g[i]!.label, g[i]!.end)]!++;
    keyOf = (label, start, end) => {
      if (annotated && !annotated.has(label)) return KEY_OUTSIDE;
      const list = index.get(start);
      return list ? first(list, label, end) : KEY_NO_GOLD;
    };
  }
  const keys: SpanKeys = { nGold: g.length, goldCount, keyOf };
  cache[mode] = keys;
  return keys;
}
