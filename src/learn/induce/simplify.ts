import { compileRule } from '../../core/engine/compile-rule.js';
import { f1Of } from '../../core/ratio.js';
import type { Rule } from '../../core/schemas/rule.js';
import type { SplitScore } from './types.js';

/** Whether a regex rule alone matches the whole term (the term as a text of its own). */
function coversWhole(rule: Rule, term: string): boolean {
  let matcher;
  try {
    matcher = compileRule(rule).matcher;
  } catch {
    // A shape past the pattern limits never runs (the safety checks drop it): it covers nothing.
    return false;
  }
  const { regex, group } = matcher;
  const m = new RegExp(regex.source, regex.flags.replace(/[gy]/g, '')).exec(term);
  if (!m) return false;
  const span = m.indices?.[group];
  return !!span && span[0] === 0 && span[1] === term.length;
}

/** F1 of train and dev counted together (0 when neither has gold or output). */
const pooledF1 = (a: SplitScore, b: SplitScore | null): number => f1Of({ tp: a.tp + (b?.tp ?? 0), fp: a.fp + (b?.fp ?? 0), fn: a.fn + (b?.fn ?? 0) }) ?? 0;

/**
 * Readability: removes from each lexicon rule the terms that a regex rule of the same label in
 * the ruleset already matches whole (a list of 160 dates next to the date shape says nothing the
 * shape does not). The trimmed ruleset is kept only if its F1 on train and dev together is not
 * lower; a lexicon left empty is dropped.
 */
export function trimLexicons(
  rules: readonly Rule[],
  score: (rules: readonly Rule[]) => { train: SplitScore; dev: SplitScore | null },
): { rules: Rule[]; trimmed: number } {
  let trimmed = 0;
  const out: Rule[] = [];
  for (const r of rules) {
    if (r.format !== 'lexicon' || !r.terms?.length) {
      out.push(r);
      continue;
    }
    const shapes = rules.filter((x) => x.format === 'regex' && x.output.label === r.output.label);
    const keep = r.terms.filter((t) => !shapes.some((s) => coversWhole(s, t)));
    trimmed += r.terms.length - keep.length;
    if (keep.length) out.push(keep.length === r.terms.length ? r : { ...r, terms: keep, description: `${r.description}; ${r.terms.length - keep.length} forms other rules match were left out` });
  }
  if (!trimmed) return { rules: [...rules], trimmed: 0 };
  const before = score(rules);
  const after = score(out);
  if (pooledF1(after.train, after.dev) + 1e-12 < pooledF1(before.train, before.dev)) return { rules: [...rules], trimmed: 0 };
  return { rules: out, trimmed };
}
