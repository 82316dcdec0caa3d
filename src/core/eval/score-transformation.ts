import type { BoundMatcher, MatcherContext, Verdict } from '../matchers/types.js';
import { sameValue } from '../matchers/values.js';
import { type Tally, newTally } from './tally.js';
import type { ExampleScore, MatcherIssue, Outcome } from './types.js';

/** What field scoring needs, resolved once per task by the scorer. */
export interface FieldConfig {
  /** The matcher of a dotted field path. */
  matcherFor(path: string, top: string): BoundMatcher;
  ctx: MatcherContext;
  outcomes: boolean;
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** null, undefined, blank strings, and lists or objects holding only empty values. */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.every(isEmptyValue);
  if (isObj(v)) {
    for (const k in v) if (!isEmptyValue(v[k])) return false;
    return true;
  }
  return false;
}

function items(v: unknown): unknown[] {
  if (Array.isArray(v)) return v.filter((x) => !isEmptyValue(x));
  return isEmptyValue(v) ? [] : [v];
}

/** The parts of a verdict an outcome carries: why, and its flags. */
export function verdictNotes(v: Verdict): Pick<Outcome, 'reason' | 'lexical_fallback' | 'matcher_issue'> {
  const o: Pick<Outcome, 'reason' | 'lexical_fallback' | 'matcher_issue'> = { reason: v.reason };
  if (v.lexical_fallback) o.lexical_fallback = true;
  if (v.issue) o.matcher_issue = v.issue;
  return o;
}

class FieldScorer {
  readonly tally: Tally = newTally();
  readonly outcomes: Outcome[] | undefined;
  issues: MatcherIssue[] | undefined;

  constructor(
    private readonly cfg: FieldConfig,
    private readonly rules: Record<string, string[]> | undefined,
  ) {
    this.outcomes = cfg.outcomes ? [] : undefined;
  }

  /** A matcher's verdict on one pair; a pair it could not judge is recorded with its field. */
  private judge(m: BoundMatcher, path: string, g: unknown, p: unknown): Verdict {
    const v = m.match(g, p, this.cfg.ctx);
    if (v.issue) (this.issues ??= []).push({ field: path, matcher: m.name, issue: v.issue, reason: v.reason });
    return v;
  }

  private ruleOf(path: string, top: string, index: number): string | null {
    const ids = this.rules?.[path] ?? this.rules?.[top];
    return ids?.[index] ?? ids?.[0] ?? null;
  }

  walk(path: string, top: string, g: unknown, p: unknown): void {
    const gEmpty = isEmptyValue(g);
    const pEmpty = isEmptyValue(p);
    if (gEmpty && pEmpty) return;
    const gObj = isObj(g);
    const pObj = isObj(p);
    if (gObj || pObj) {
      if ((gObj || gEmpty) && (pObj || pEmpty)) {
        const go = gObj ? g : undefined;
        const po = pObj ? p : undefined;
        if (go) for (const k in go) this.walk(`${path}.${k}`, top, go[k], po?.[k]);
        if (po) for (const k in po) if (!go || !(k in go)) this.walk(`${path}.${k}`, top, undefined, po[k]);
        return;
      }
      // An object on one side and a plain value on the other: nothing of either can match.
      if (gObj) {
        this.walk(path, top, g, undefined);
        this.leaf(path, top, undefined, p);
      } else {
        this.leaf(path, top, g, undefined);
        this.walk(path, top, undefined, p);
      }
      return;
    }
    this.leaf(path, top, g, p);
  }

  private leaf(path: string, top: string, g: unknown, p: unknown): void {
    const m = this.cfg.matcherFor(path, top);
    if ((Array.isArray(g) || Array.isArray(p)) && !m.collection) {
      this.list(path, top, m, items(g), items(p));
      return;
    }
    const t = this.tally;
    if (isEmptyValue(p)) {
      t.add(path, 0, 0, 1);
      t.errors.missing++;
      this.outcomes?.push({ kind: 'missed', field: path, gold: { label: path, value: g } });
      return;
    }
    const pred = { label: path, value: p, rule_id: this.ruleOf(path, top, 0) };
    if (isEmptyValue(g)) {
      t.add(path, 0, 1, 0);
      t.errors.spurious++;
      this.outcomes?.push({ kind: 'spurious', field: path, pred });
      return;
    }
    const v = m.isPlainExact ? null : this.judge(m, path, g, p);
    const ok = v ? v.passed : sameValue(g, p);
    if (ok) t.add(path, 1, 0, 0);
    else {
      t.add(path, 0, 1, 1);
      t.errors.wrong_value++;
    }
    this.outcomes?.push({
      kind: ok ? 'match' : 'wrong_value',
      field: path,
      gold: { label: path, value: g },
      pred,
      credit: ok ? 1 : 0,
      ...(v ? verdictNotes(v) : {}),
    });
  }

  /** Order-independent list: each predicted item takes the first unused gold item it matches. */
  private list(path: string, top: string, m: BoundMatcher, g: unknown[], p: unknown[]): void {
    const used = new Uint8Array(g.length);
    const spare: number[] = [];
    const t = this.tally;
    for (let j = 0; j < p.length; j++) {
      let hit = -1;
      let why: Verdict | null = null;
      for (let i = 0; i < g.length; i++) {
        if (used[i]) continue;
        if (m.isPlainExact) {
          if (!sameValue(g[i], p[j])) continue;
        } else {
          const v = this.judge(m, path, g[i], p[j]);
          if (!v.passed) continue;
          why = v;
        }
        hit = i;
        break;
      }
      if (hit === -1) {
        spare.push(j);
        continue;
      }
      used[hit] = 1;
      t.add(path, 1, 0, 0);
      this.outcomes?.push({
        kind: 'match',
        field: path,
        gold: { label: path, value: g[hit] },
        pred: { label: path, value: p[j], rule_id: this.ruleOf(path, top, j) },
        credit: 1,
        ...(why ? verdictNotes(why) : {}),
      });
    }
    let s = 0;
    for (let i = 0; i < g.length; i++) {
      if (used[i]) continue;
      const j = s < spare.length ? spare[s++]! : -1;
      if (j === -1) {
        t.add(path, 0, 0, 1);
        t.errors.missing++;
        this.outcomes?.push({ kind: 'missed', field: path, gold: { label: path, value: g[i] } });
      } else {
        t.add(path, 0, 1, 1);
        t.errors.wrong_value++;
        // Why this leftover pair failed: asked again (matchers are cheap or cache their verdicts).
        const why = this.outcomes && !m.isPlainExact ? verdictNotes(m.match(g[i], p[j], this.cfg.ctx)) : {};
        this.outcomes?.push({
          kind: 'wrong_value',
          field: path,
          gold: { label: path, value: g[i] },
          pred: { label: path, value: p[j], rule_id: this.ruleOf(path, top, j) },
          credit: 0,
          ...why,
        });
      }
    }
    for (; s < spare.length; s++) {
      const j = spare[s]!;
      t.add(path, 0, 1, 0);
      t.errors.spurious++;
      this.outcomes?.push({ kind: 'spurious', field: path, pred: { label: path, value: p[j], rule_id: this.ruleOf(path, top, j) } });
    }
  }
}

/**
 * Field-by-field comparison of a structured output. Nested objects recurse (classes are dotted
 * paths); lists are order-independent multisets matched one-to-one by the field's matcher, unless
 * the matcher compares whole collections (`set_match`), which scores the list as one value.
 * Per field: both empty is not counted; gold only is an FN (`missing`); prediction only an FP
 * (`spurious`); both present and not matching an FP plus an FN (`wrong_value`). Top-level fields
 * outside the example's `annotated` set are ignored.
 */
export function scoreTransformation(
  cfg: FieldConfig,
  id: string,
  gold: Obj | undefined,
  pred: Obj | undefined,
  rules: Record<string, string[]> | undefined,
  annotated: ReadonlySet<string> | null,
): ExampleScore {
  const f = new FieldScorer(cfg, rules);
  if (gold)
    for (const k in gold) if (!annotated || annotated.has(k)) f.walk(k, k, gold[k], pred?.[k]);
  if (pred)
    for (const k in pred) if ((!gold || !(k in gold)) && (!annotated || annotated.has(k))) f.walk(k, k, undefined, pred[k]);
  const s = f.tally.finish(id, undefined, f.outcomes);
  s.covered = pred !== undefined && !isEmptyValue(pred);
  if (f.issues) s.matcher_issues = f.issues;
  return s;
}
