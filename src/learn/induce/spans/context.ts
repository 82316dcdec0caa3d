import { resolveRuleAlone } from '../../../core/engine/resolve.js';
import { compileScorer } from '../../../core/eval/scorer.js';
import { laplace } from '../../../core/ratio.js';
import type { Pool } from '../pool.js';
import { boundary, escapeRegex } from '../text.js';
import type { Candidate } from '../types.js';
import { TUNING } from '../tuning.js';

/** The word next to a span and what separates them (punctuation kept, whitespace noted). */
interface Side {
  /** Regex source of the word plus the punctuation between it and the span, e.g. `no\.` (left) or `,and` (right). */
  key: string;
  /** The same with a number generalised to `\d+` (null when the word is not a number). */
  shape: string | null;
  /** Whitespace separated it from the span. */
  spaced: boolean;
}

const NUMBER = /^[0-9]+$/;
const WORDCH = /[\p{L}\p{N}]/u;
const isWord = (c: string) => c !== '' && WORDCH.test(c);

function side(word: string, rawSep: string, left: boolean): Side {
  const sep = escapeRegex(rawSep.replace(/\s+/g, ''));
  const w = escapeRegex(word);
  const num = NUMBER.test(word);
  return left
    ? { key: w + sep, shape: num ? `\\d+${sep}` : null, spaced: /\s/.test(rawSep) }
    : { key: sep + w, shape: num ? `${sep}\\d+` : null, spaced: /\s/.test(rawSep) };
}

function leftOf(text: string, start: number): Side | null {
  let i = start;
  while (i > 0 && start - i < TUNING.spans.maxSeparators && !isWord(text[i - 1]!)) i--;
  const sepStart = i;
  while (i > 0 && start - i < TUNING.spans.maxAnchorChars && isWord(text[i - 1]!)) i--;
  if (i === sepStart) return null;
  return side(text.slice(i, sepStart), text.slice(sepStart, start), true);
}

function rightOf(text: string, end: number): Side | null {
  let i = end;
  while (i < text.length && i - end < TUNING.spans.maxSeparators && !isWord(text[i]!)) i++;
  const wordStart = i;
  while (i < text.length && i - end < TUNING.spans.maxAnchorChars && isWord(text[i]!)) i++;
  if (i === wordStart) return null;
  return side(text.slice(wordStart, i), text.slice(end, wordStart), false);
}

interface Tally {
  tp: number;
  fp: number;
  spaced: boolean;
}

/** Per base rule: its outputs on train, each true or false, with the words on either side. */
export interface Observed {
  tp: number;
  fp: number;
  left: Map<string, Tally>;
  right: Map<string, Tally>;
  /** Every output's text and whether it was right. */
  matches: { text: string; ok: boolean }[];
}

/** Runs nothing: reads what the rule at position p produced on the pool's train split, output by output. */
export function observe(pool: Pool, p: number): Observed {
  const scorer = compileScorer(pool.task, { outcomes: true });
  const o: Observed = { tp: 0, fp: 0, left: new Map(), right: new Map(), matches: [] };
  const split = pool.train;
  const bump = (m: Map<string, Tally>, side: Side | null, ok: boolean) => {
    if (!side) return;
    for (const key of side.shape ? [side.key, side.shape] : [side.key]) {
      let t = m.get(key);
      if (!t) m.set(key, (t = { tp: 0, fp: 0, spaced: false }));
      if (ok) t.tp++;
      else t.fp++;
      t.spaced ||= side.spaced;
    }
  };
  for (const d of split.outputs.ruleDocs[p]!) {
    const pred = resolveRuleAlone(split.outputs, d, p);
    const s = scorer.score(split.examples[d]!, pred);
    const good = new Set<unknown>();
    const bad = new Set<unknown>();
    for (const oc of s.outcomes ?? []) {
      if (!oc.pred) continue;
      if (oc.kind === 'match' && (oc.credit ?? 1) >= 1) good.add(oc.pred);
      else bad.add(oc.pred);
    }
    const text = split.outputs.texts[d]!;
    for (const span of pred.spans ?? []) {
      const ok = good.has(span);
      if (!ok && !bad.has(span)) continue;
      if (ok) o.tp++;
      else o.fp++;
      o.matches.push({ text: span.text, ok });
      bump(o.left, leftOf(text, span.start), ok);
      bump(o.right, rightOf(text, span.end), ok);
    }
  }
  return o;
}

/** Whitespace between an anchor and the span inside a lookaround: bounded, so screening stays linear. */
const GAP = '\\s{0,2}';

/**
 * The alternation of anchors on one side, each with the word boundary its outer edge needs. Inside
 * a lookaround (`lookaround`) a number anchor needs only its digit next to the span (`\\d`, no
 * boundary), elsewhere at most six digits: bounded repetition keeps patterns linear and quick to
 * screen for ReDoS.
 */
function anchorSource(keys: readonly string[], side: 'left' | 'right', lookaround: boolean): { src: string; unicode: boolean } {
  let unicode = false;
  const alts = new Set<string>();
  for (const k of keys) {
    const isNumber = k.includes('\\d+');
    let body = k.replace('\\d+', lookaround ? '\\d' : '\\d{1,6}');
    if (!(isNumber && lookaround)) {
      const b = side === 'left' ? boundary(firstChar(k), 'left') : boundary(lastChar(k), 'right');
      body = side === 'left' ? b.src + body : body + b.src;
      unicode ||= b.unicode;
    }
    unicode ||= /[^\0-\x7f]/.test(body);
    alts.add(body);
  }
  const sorted = [...alts].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return { src: sorted.length === 1 ? sorted[0]! : `(?:${sorted.join('|')})`, unicode };
}

/** A number anchor (`\\d+…`) subsumes the literal numbers it covers: when one is picked, literal numbers go. */
function dedupeNumbers(picked: [string, Tally][]): [string, Tally][] {
  if (!picked.some(([k]) => k.includes('\\d+'))) return picked;
  return picked.filter(([k]) => k.includes('\\d+') || !/[0-9]/.test(k));
}

/** The first character an anchor source can match (for its word boundary). */
const firstChar = (k: string) => (k.startsWith('\\d') ? '0' : k.startsWith('\\') ? k[1] : k[0]);
const lastChar = (k: string) => (k.endsWith('\\d+') ? '0' : k.slice(-1));

/** Anchors on one side: precise ones (positive) and ones where the base is mostly wrong (negative). */
function pick(m: Map<string, Tally>, minSupport: number): { pos: [string, Tally][]; neg: [string, Tally][] } {
  const entries = [...m.entries()];
  const pos = entries
    .filter(([, t]) => t.tp >= Math.max(TUNING.spans.minSupport, minSupport) && laplace(t.tp, t.tp + t.fp) >= TUNING.spans.anchorPrecision)
    .sort((a, b) => b[1].tp - a[1].tp || (a[0] < b[0] ? -1 : 1));
  const neg = entries
    .filter(([, t]) => t.fp >= TUNING.spans.exclusionFp && laplace(t.tp, t.tp + t.fp) <= TUNING.spans.exclusionPrecision)
    .sort((a, b) => b[1].fp - a[1].fp || (a[0] < b[0] ? -1 : 1));
  return { pos: dedupeNumbers(pos).slice(0, TUNING.spans.maxAnchors), neg: dedupeNumbers(neg).slice(0, TUNING.spans.maxAnchors) };
}

const sum = (xs: [string, Tally][], k: 'tp' | 'fp') => xs.reduce((s, [, t]) => s + t[k], 0);

/**
 * Context-anchored variants of base rules (shapes, ambiguous forms), mined from what each base
 * matches on train: words that precede (or follow) its true matches and rarely its false ones
 * become anchors (`\b(?:no\.|application)\s+(BASE)` with output `$1`, or `BASE(?=\s*(?:sq)\b)`),
 * and words that mostly precede (or follow) its false matches become exclusions
 * (`(?<!\b(?:November|October)\s*)BASE`, `BASE(?!\s*Act\b)`). The anchor inventories are the data's own.
 */
export function contextCandidates(pool: Pool, bases: readonly Candidate[], minSupport: number, idPrefix = 'base-'): Candidate[] {
  const out: Candidate[] = [];
  bases.forEach((base, i) => {
    const p = pool.position.get(`${idPrefix}${i}`);
    if (p === undefined || base.format !== 'regex' || base.group !== '$0') return;
    const o = observe(pool, p);
    if (o.tp < Math.max(TUNING.spans.minSupport, minSupport) || o.fp === 0) return;
    const baseP = laplace(o.tp, o.tp + o.fp);
    const left = pick(o.left, minSupport);
    const right = pick(o.right, minSupport);
    const b = base.pattern;
    const flagsWith = (u: boolean) => (u || base.flags.includes('u') ? [...new Set([...base.flags, 'u'])].sort().join('') : base.flags);
    const push = (kind: string, pattern: string, group: '$0' | '$1', unicode: boolean, tp: number, fp: number, what: string) => {
      const prec = laplace(tp, tp + fp);
      if (tp < Math.max(TUNING.spans.minSupport, minSupport) || prec < baseP + TUNING.spans.contextLift) return;
      out.push({
        kind,
        label: base.label,
        format: 'regex',
        pattern,
        flags: flagsWith(unicode),
        group,
        name: `${base.label} ${what} /${pattern.length > 60 ? `${pattern.slice(0, 57)}...` : pattern}/`,
        description: `${base.description}; ${what} (train: ${tp} right, ${fp} wrong, against ${o.tp} and ${o.fp} without it)`,
        specificity: 2,
        support: tp,
        precision: prec,
      });
    };
    if (left.pos.length) {
      const a = anchorSource(left.pos.map(([k]) => k), 'left', false);
      // Bounded whitespace: `\s+` before a group that ends in `\b` makes ReDoS screening time out.
      const sep = left.pos.every(([, t]) => t.spaced) ? '\\s{1,3}' : '\\s{0,3}';
      // After whitespace a base that starts with a word boundary needs no `\b` of its own.
      const inner = sep === '\\s{1,3}' && b.startsWith('\\b') ? b.slice(2) : b;
      push('context_left', `${a.src}${sep}(${inner})`, '$1', a.unicode, sum(left.pos, 'tp'), sum(left.pos, 'fp'), `after ${left.pos.length} anchor words`);
    }
    if (right.pos.length) {
      const a = anchorSource(right.pos.map(([k]) => k), 'right', true);
      push('context_right', `${b}(?=${GAP}${a.src})`, '$0', a.unicode, sum(right.pos, 'tp'), sum(right.pos, 'fp'), `before ${right.pos.length} anchor words`);
    }
    let exclLeft = '';
    let exTp = 0;
    let exFp = 0;
    let exU = false;
    if (left.neg.length) {
      const a = anchorSource(left.neg.map(([k]) => k), 'left', true);
      exclLeft = `(?<!${a.src}${GAP})`;
      exTp += sum(left.neg, 'tp');
      exFp += sum(left.neg, 'fp');
      exU ||= a.unicode;
      push('exclusion_left', `${exclLeft}${b}`, '$0', a.unicode, o.tp - sum(left.neg, 'tp'), o.fp - sum(left.neg, 'fp'), `not after ${left.neg.length} words`);
    }
    if (right.neg.length) {
      const a = anchorSource(right.neg.map(([k]) => k), 'right', true);
      const exclRight = `(?!${GAP}${a.src})`;
      exU ||= a.unicode;
      push('exclusion_right', `${b}${exclRight}`, '$0', a.unicode, o.tp - sum(right.neg, 'tp'), o.fp - sum(right.neg, 'fp'), `not before ${right.neg.length} words`);
      // Left and right exclusions may hit the same false matches: the estimate is optimistic, the engine decides.
      if (exclLeft)
        push(
          'exclusion_both',
          `${exclLeft}${b}${exclRight}`,
          '$0',
          exU,
          o.tp - exTp - sum(right.neg, 'tp'),
          Math.max(0, o.fp - exFp - sum(right.neg, 'fp')),
          `not after ${left.neg.length} / before ${right.neg.length} words`,
        );
    }
  });
  return out;
}
