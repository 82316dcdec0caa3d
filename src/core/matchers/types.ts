import type { z } from 'zod';
import type { PatternScreen } from './pattern-screen.js';
import type { PatternSource } from './pattern-source.js';
import type { Verdict } from './verdict.js';
import type { VerdictCache } from './verdict-cache.js';

// Matchers and scorers import every matcher type from here, the verdict's included.
export type { Verdict, VerdictIssue } from './verdict.js';

/** Grades a value against a natural-language criterion (an LLM behind it, or a fake in tests). */
export interface Judge {
  grade(criterion: string, gold: unknown, predicted: unknown): Promise<{ score: number; reason: string }>;
}

/** Turns text into a vector. May be synchronous (a local model) or asynchronous (an API). */
export interface Embedder {
  embed(text: string): number[] | Promise<number[]>;
}

/** What a matcher may use besides its options. Everything is optional and injected. */
export interface MatcherContext {
  judge?: Judge;
  embedder?: Embedder;
  /** Verdicts of asynchronous matchers, filled by an async pre-pass (see `prefetchVerdicts`). */
  verdicts?: VerdictCache;
  /**
   * The per-call time budget of user- and data-supplied patterns (ms), the same as rules' (the
   * task's `rule_budget_ms`); default `DEFAULT_PATTERN_BUDGET_MS`.
   */
  budgetMs?: number;
  /** ReDoS screen verdicts of the patterns matchers run, filled by a pre-pass (see pattern-screen.ts). */
  patterns?: PatternScreen;
}

/**
 * A user-written matcher function, as a JS module exports it. It may return a Promise (e.g. it
 * calls a service); such verdicts are resolved in the async pre-pass and then read from the cache.
 */
export type MatcherFn = (
  gold: unknown,
  predicted: unknown,
  options: Record<string, unknown>,
  ctx: MatcherContext,
) => Verdict | Promise<Verdict>;

/**
 * A matcher with its options already validated: what the scorer calls in its hot loop.
 * `key` identifies the matcher and its options (used for verdict caching).
 */
export interface BoundMatcher {
  readonly name: string;
  readonly key: string;
  /** True for the built-in `exact` with no options: callers may compare values directly. */
  readonly isPlainExact: boolean;
  /** Compares whole collections (e.g. `set_match`) rather than single items. */
  readonly collection: boolean;
  /** Runs patterns (its own or its components'): scoring should screen them first (see pattern-screen.ts). */
  readonly screensPatterns: boolean;
  /**
   * The patterns its options fix (not taken from the data), as they would run: what a config can
   * be screened for before anything is scored (see `screenFixedPatterns`).
   */
  readonly fixedPatterns: readonly PatternSource[];
  /** Needs an async pre-pass before synchronous use (when `ctx` has no synchronous way to answer). */
  needsAsync(ctx: MatcherContext): boolean;
  /** Checks that `ctx` provides what the matcher needs (e.g. a judge); throws a RulewrightError otherwise. */
  check(ctx: MatcherContext): void;
  match(gold: unknown, predicted: unknown, ctx: MatcherContext): Verdict;
  matchAsync(gold: unknown, predicted: unknown, ctx: MatcherContext): Promise<Verdict>;
}

/** Resolves a matcher reference (used by `composite` and `set_match` for their components). */
export type ResolveMatcher = (ref: unknown, where: string) => BoundMatcher;

/**
 * A matcher as the registry holds it: how to validate its options and how to bind them.
 * Built-ins use this; user functions are wrapped into it by `registry.register`.
 */
export interface MatcherDefinition<O = Record<string, unknown>> {
  name: string;
  /** Validates the options (a `z.strictObject`); the parsed value is passed to `bind`. */
  options: z.ZodType<O>;
  /** Compares whole collections rather than single items. */
  collection?: boolean;
  /** `where` names the config entry being bound (e.g. `task.matching.matchers.total`), for messages. */
  bind(options: O, resolve: ResolveMatcher, where: string): BoundMatcherImpl;
  /** One line for `--help`-style listings. */
  description: string;
}

/**
 * A definition of any option type, as a list of differently-typed definitions holds it. Sound
 * because each definition's `bind` only ever receives what its own `options` schema parsed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an existential type; `unknown` would reject every typed definition
export type AnyMatcherDefinition = MatcherDefinition<any>;

/** What a definition's `bind` returns; the registry adds name, key and defaults. */
export interface BoundMatcherImpl {
  match(gold: unknown, predicted: unknown, ctx: MatcherContext): Verdict;
  matchAsync?(gold: unknown, predicted: unknown, ctx: MatcherContext): Promise<Verdict>;
  needsAsync?(ctx: MatcherContext): boolean;
  check?(ctx: MatcherContext): void;
  /** Runs patterns (see `BoundMatcher.screensPatterns`). */
  screensPatterns?: boolean;
  /** See `BoundMatcher.fixedPatterns`; default none. */
  fixedPatterns?: readonly PatternSource[];
}
