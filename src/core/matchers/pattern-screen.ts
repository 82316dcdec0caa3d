import { runGuarded } from '../engine/guard.js';
import { type RedosVerdict, screenRedos, screenRedosStatic } from '../safety/redos.js';
import type { PatternSource } from './pattern-source.js';
import { verdict } from './values.js';
import type { Verdict } from './verdict.js';
import { remember } from '../remember.js';

// The functions below take the one or two fields of a matcher or context they read, not
// BoundMatcher or MatcherContext: those types hold a PatternScreen, so importing them made
// types.ts and this module import each other.

/** What the ReDoS screen said about one pattern a matcher runs. */
export interface PatternVerdict {
  /** The screen found exponential backtracking: the pattern never runs. */
  refused: boolean;
  /** One line: the screen's finding (shown in refused verdicts). */
  reason: string;
  /** Polynomial backtracking: it runs, under the time budget, but is worth a warning. */
  flagged?: true;
}

/** Screens one compiled pattern (source and flags of the RegExp that would run). */
export type ScreenPattern = (source: string, flags: string) => Promise<PatternVerdict>;

/** Patterns that no screen is needed for: no repetition, so matching is linear in the text. */
const REPEATS = /[*+?{]/;

/** Group openers whose `?` is syntax, not repetition: `(?:`, lookarounds, named groups. */
const GROUP_SYNTAX = /\(\?(?:[:=!]|<[=!]|<[^>]*>)/g;

/** Screening time of one scoring pass after which the remaining patterns go unscreened. */
const SCREEN_TIME_CAP_MS = 20_000;

const UNSCREENED: PatternVerdict = Object.freeze({ refused: false, reason: 'not screened (the screening time cap was reached): runs under the time budget' });

const key = (source: string, flags: string) => `${flags}/${source}`;

/**
 * The ReDoS screen verdicts of the patterns matchers run (a `regex` matcher's own pattern, or a
 * gold value used as the pattern). The screen is asynchronous and scoring is not, so scoring
 * works in two passes, as for asynchronous verdicts: a collecting pass records the patterns it
 * would run without running any (`lookup` answers undefined), `resolve` screens them, and the real
 * pass reads the verdicts. A pattern scoring meets unscreened still runs, under the time budget.
 */
export class PatternScreen {
  private readonly verdicts = new Map<string, PatternVerdict>();
  private readonly wanted = new Map<string, { source: string; flags: string }>();
  /** While true, `lookup` records unscreened patterns; matchers must not run them. */
  collecting = false;

  get size(): number {
    return this.verdicts.size;
  }

  /** The screen's verdict, or undefined when the pattern has not been screened (recorded while collecting). */
  lookup(source: string, flags: string): PatternVerdict | undefined {
    const k = key(source, flags);
    const v = this.verdicts.get(k);
    if (!v && this.collecting) this.wanted.set(k, { source, flags });
    return v;
  }

  set(source: string, flags: string, verdict: PatternVerdict): void {
    this.verdicts.set(key(source, flags), verdict);
  }

  /**
   * Screens every recorded pattern, at most `concurrency` at a time. Screening an undecided pattern
   * can take ~1 s, so after `maxMs` in all the rest are let through unscreened (they still run
   * under the time budget), and say so. Returns how many were screened.
   */
  async resolve(screen: ScreenPattern = screenPattern, options: { concurrency?: number; maxMs?: number } = {}): Promise<number> {
    const jobs = [...this.wanted.values()];
    this.wanted.clear();
    const concurrency = options.concurrency ?? 4;
    const deadline = performance.now() + (options.maxMs ?? SCREEN_TIME_CAP_MS);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) {
        const { source, flags } = jobs[next++]!;
        this.set(source, flags, performance.now() < deadline ? await screen(source, flags) : UNSCREENED);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, worker));
    return jobs.length;
  }
}

/**
 * The rules' ReDoS screen (at the bulk-import effort) on a matcher's pattern: exponential
 * backtracking refuses it, as an imported rule is stored rejected; polynomial or undecided ones
 * run under the per-call time budget, like flagged rules.
 */
export async function screenPattern(source: string, flags: string): Promise<PatternVerdict> {
  if (linear(source)) return LINEAR;
  return patternVerdict(await screenRedos(source, flags, { effort: 'quick' }));
}

/**
 * The same screen without waiting for recheck, for a caller that must answer at once (a matcher
 * config being set): its static part decides typical patterns in a few ms and refuses what it
 * finds exponential; a pattern it cannot decide is let through here, and screened in full when
 * scoring runs it.
 */
export function screenPatternNow(source: string, flags: string): PatternVerdict {
  if (linear(source)) return LINEAR;
  return patternVerdict(screenRedosStatic(source, flags));
}

const LINEAR: PatternVerdict = Object.freeze({ refused: false, reason: 'no repetition: linear' });

const linear = (source: string): boolean => !REPEATS.test(source.replace(/\\./g, '').replace(GROUP_SYNTAX, '('));

function patternVerdict(v: RedosVerdict): PatternVerdict {
  if (v.status === 'vulnerable') {
    const attack = v.attack.length > 60 ? `${v.attack.slice(0, 59)}…` : v.attack;
    if (v.exponential)
      return { refused: true, reason: `the ReDoS screen found exponential backtracking (attack: ${attack}); rewrite it without nested or overlapping repetition` };
    const cost = typeof v.length100ms === 'number' ? ` (about ${v.length100ms} characters cost 100 ms)` : '';
    return { refused: false, flagged: true, reason: `${v.complexity} backtracking${cost}: runs under the time budget` };
  }
  return { refused: false, reason: v.status === 'safe' ? 'safe' : `screen inconclusive (${v.reason}): runs under the time budget` };
}

/**
 * The screen's verdict (`screenPatternNow`) on each pattern a bound matcher's options fix (not the
 * data's): a config holding a refused one is refused when set, a flagged one is warned about.
 */
export function screenFixedPatterns(m: { readonly fixedPatterns: readonly PatternSource[] }): (PatternSource & PatternVerdict)[] {
  return m.fixedPatterns.map((p) => ({ ...p, ...screenPatternNow(p.source, p.flags) }));
}

/** The per-call budget of matcher patterns when the context sets none: the task's default rule budget. */
const DEFAULT_PATTERN_BUDGET_MS = 100;

/** Not yet screened, while scoring collects the patterns to screen: nothing ran. */
const PROVISIONAL: Verdict = Object.freeze({ score: 0, passed: false, reason: 'pending: pattern not screened yet' }) as Verdict;

export const clip = (s: string, n = 80): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * What the ReDoS screen lets a matcher do with a pattern: undefined when it may run; else the
 * verdict to give without running it (refused by the screen, or provisional while collecting).
 * A pattern no pre-pass screened (a caller that scores without one, such as the offline inducer)
 * meets the screen's static part here, so none runs unlooked-at; what that part cannot decide
 * runs under the time budget.
 */
export function screenedVerdict(source: string, flags: string, ctx: { patterns?: PatternScreen | undefined }): Verdict | undefined {
  const v = ctx.patterns?.lookup(source, flags);
  if (ctx.patterns?.collecting && !v) return PROVISIONAL;
  if (!v) {
    const now = staticVerdict(source, flags);
    return now.refused ? refusedVerdict(source, now) : undefined;
  }
  if (v.refused) return refusedVerdict(source, v);
  return undefined;
}

/** `screenPatternNow` remembered: scoring without a pre-pass asks about the same patterns on every call. */
const STATIC_MEMO_LIMIT = 10_000;
const staticMemo = new Map<string, PatternVerdict>();

function staticVerdict(source: string, flags: string): PatternVerdict {
  const k = key(source, flags);
  return staticMemo.get(k) ?? remember(staticMemo, k, screenPatternNow(source, flags), STATIC_MEMO_LIMIT);
}

function refusedVerdict(source: string, v: PatternVerdict): Verdict {
  return { ...verdict(false, 0, `pattern /${clip(source)}/ was not run: ${v.reason}`, { pattern: source }), issue: 'refused' };
}

/**
 * Runs `work` under the per-call time budget of patterns (the rules' guard): its result, or a
 * timeout verdict saying what ran out of time (`what`), counted as not matching.
 */
export function withinBudget<T>(work: () => T, ctx: { budgetMs?: number | undefined }, what: string): { value: T } | Verdict {
  const budget = ctx.budgetMs ?? DEFAULT_PATTERN_BUDGET_MS;
  let value: T | undefined;
  const began = performance.now();
  const outcome = runGuarded(() => {
    value = work();
    return true;
  }, budget);
  if (outcome !== 'timeout') return { value: value as T };
  const ms = Math.round(performance.now() - began);
  return {
    ...verdict(false, 0, `${what} ran out of its ${budget} ms budget (stopped after ${ms} ms); counted as not matching`, { elapsed_ms: ms }),
    issue: 'timeout',
  };
}
