import { z } from 'zod';
import { RulewrightError, parseAt } from '../errors.js';
import { canonicalJson } from '../hash.js';
import { MatcherRef } from '../schemas/task.js';
import { compositeMatcher } from './composite.js';
import { dateMatcher } from './date.js';
import { exactMatcher } from './exact.js';
import { llmRubricMatcher } from './llm-rubric.js';
import { normalizedMatcher } from './normalized.js';
import { numericToleranceMatcher } from './numeric-tolerance.js';
import { regexMatcher } from './regex.js';
import { schemaMatcher } from './schema.js';
import { semanticSimilarityMatcher } from './semantic-similarity.js';
import { setMatchMatcher } from './set-match.js';
import type { AnyMatcherDefinition, BoundMatcher, MatcherContext, MatcherFn, Verdict } from './types.js';
import { matcherThrew } from './matcher-threw.js';
import { cachedVerdict, verdictKey } from './verdict-cache.js';

/** The built-in matchers, in the order listings show them. */
const BUILTIN_MATCHERS: readonly AnyMatcherDefinition[] = [
  exactMatcher,
  normalizedMatcher,
  numericToleranceMatcher,
  setMatchMatcher,
  dateMatcher,
  regexMatcher,
  schemaMatcher,
  semanticSimilarityMatcher,
  llmRubricMatcher,
  compositeMatcher,
];

/** A user matcher: a function, or a function with an options schema and a description. */
export type UserMatcher =
  | MatcherFn
  | {
      match: MatcherFn;
      /** Validates the options (e.g. a zod `strictObject`); without it options pass through unchecked. */
      options?: z.ZodType;
      /** Compares whole lists rather than single items. */
      collection?: boolean;
      description?: string;
    };

/**
 * What a `--matchers ./my-matchers.js` module must export: `matchers`, an object of name → matcher
 * (also accepted as the default export's `matchers`). A matcher returns `{score, passed, reason,
 * details?}` synchronously, or a Promise of it (then it is resolved in the async pre-pass).
 */
export interface MatcherModule {
  matchers: Record<string, UserMatcher>;
}

const isFn = (v: unknown): v is MatcherFn => typeof v === 'function';
const isSchema = (v: unknown): v is z.ZodType =>
  typeof v === 'object' && v !== null && typeof (v as { safeParse?: unknown }).safeParse === 'function';
const UserMatcherShape = z.union([
  z.custom<MatcherFn>(isFn, { message: 'expected a function (gold, predicted, options, ctx) => verdict' }),
  z.object({
    match: z.custom<MatcherFn>(isFn, { message: 'match must be a function' }),
    options: z.custom<z.ZodType>(isSchema, { message: 'options must be a zod schema' }).optional(),
    collection: z.boolean().optional(),
    description: z.string().optional(),
  }),
]);
const ModuleShape = z.object({ matchers: z.record(z.string().regex(/^[\w.:-]+$/, 'matcher names are letters, digits, _ . : -'), UserMatcherShape) });

function checkVerdict(name: string, v: unknown): Verdict {
  const ok =
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Verdict).passed === 'boolean' &&
    typeof (v as Verdict).score === 'number' &&
    (v as Verdict).score >= 0 &&
    (v as Verdict).score <= 1;
  if (!ok)
    throw new RulewrightError(
      'BAD_INPUT',
      `matcher "${name}" returned ${JSON.stringify(v)?.slice(0, 100)}; a matcher must return {score (0..1), passed (boolean), reason}`,
    );
  const r = v as Verdict;
  return typeof r.reason === 'string' ? r : { ...r, reason: String(r.reason ?? '') };
}

const isThenable = (v: unknown): v is Promise<unknown> => typeof (v as { then?: unknown })?.then === 'function';

/** JSON text of plain option values, or null when they hold code objects (e.g. a zod schema). */
function plainKey(value: unknown): string | null {
  const plain = (v: unknown): boolean => {
    if (v === null || typeof v !== 'object') return typeof v !== 'function';
    if (Array.isArray(v)) return v.every(plain);
    const proto = Object.getPrototypeOf(v);
    return (proto === Object.prototype || proto === null) && Object.values(v).every(plain);
  };
  return plain(value) ? canonicalJson(value) : null;
}

let uniqueKeys = 0;

/** Named matchers: the built-ins plus the ones users register. Resolving a reference binds its options once. */
export class MatcherRegistry {
  private readonly defs = new Map<string, AnyMatcherDefinition>();
  private readonly builtin = new Set<string>();
  private readonly bound = new Map<string, BoundMatcher>();

  constructor(options: { builtins?: boolean } = {}) {
    if (options.builtins !== false)
      for (const d of BUILTIN_MATCHERS) {
        this.defs.set(d.name, d);
        this.builtin.add(d.name);
      }
  }

  has(name: string): boolean {
    return this.defs.has(name);
  }

  /** Registered matchers with a one-line description each. */
  list(): { name: string; description: string; builtin: boolean }[] {
    return [...this.defs.values()].map((d) => ({ name: d.name, description: d.description, builtin: this.builtin.has(d.name) }));
  }

  /** Adds a matcher definition (options schema + bind). Replacing an existing name needs `override`. */
  define(def: AnyMatcherDefinition, options: { override?: boolean } = {}): this {
    if (this.defs.has(def.name) && !options.override)
      throw new RulewrightError(
        'CONFLICT',
        `a matcher named "${def.name}" is already registered${this.builtin.has(def.name) ? ' (built in)' : ''}; pick another name or pass override`,
      );
    this.defs.set(def.name, def);
    this.builtin.delete(def.name);
    for (const k of [...this.bound.keys()]) if (k.startsWith(`${def.name}\u0000`)) this.bound.delete(k);
    return this;
  }

  /**
   * Registers a user matcher: `(gold, predicted, options, ctx) => {score, passed, reason, details?}`.
   * `source` (the module file) is named, with the matcher and the field, when it throws.
   */
  register(name: string, matcher: UserMatcher, options: { override?: boolean; source?: string } = {}): this {
    const spec = isFn(matcher) ? { match: matcher } : matcher;
    const fn = spec.match;
    const source = options.source ?? 'a registered matcher';
    const schema = (spec.options ?? z.record(z.string(), z.unknown())) as z.ZodType<Record<string, unknown>>;
    return this.define(
      {
        name,
        description: spec.description ?? 'user matcher',
        options: schema,
        collection: spec.collection ?? false,
        bind: (opts, _resolve, where) => {
          const key = `${name}\u0000${plainKey(opts) ?? `#${++uniqueKeys}`}`;
          // Unknown until the first call shows whether the function returns a Promise.
          let async: boolean | undefined;
          const threw = (e: unknown, gold: unknown, predicted: unknown) => matcherThrew({ name, source, where, gold, predicted }, e);
          const run = (gold: unknown, predicted: unknown, ctx: MatcherContext): Verdict | Promise<Verdict> => {
            let out: unknown;
            try {
              out = fn(gold, predicted, opts, ctx);
            } catch (e) {
              throw threw(e, gold, predicted);
            }
            return isThenable(out)
              ? out.then(
                  (v) => checkVerdict(name, v),
                  (e: unknown) => {
                    throw threw(e, gold, predicted);
                  },
                )
              : checkVerdict(name, out);
          };
          return {
            match(gold, predicted, ctx) {
              if (async) {
                const hit = ctx.verdicts?.get(verdictKey(key, gold, predicted));
                if (hit) return hit;
              }
              const out = run(gold, predicted, ctx);
              if (!isThenable(out)) {
                async ??= false;
                return out;
              }
              async = true;
              out.catch(() => undefined);
              return cachedVerdict(ctx, name, key, gold, predicted, () => out);
            },
            matchAsync: async (gold, predicted, ctx) => run(gold, predicted, ctx),
            needsAsync: () => async !== false,
          };
        },
      },
      options,
    );
  }

  /**
   * Binds a matcher reference (`"name"` or `{name, options}`) after validating its options.
   * `where` names the config entry in error messages. Equal references share one bound matcher.
   */
  resolve(ref: unknown, where = 'matcher'): BoundMatcher {
    const r = typeof ref === 'string' ? { name: ref, options: {} } : parseAt(MatcherRef, ref, where);
    const { name, options } = typeof r === 'string' ? { name: r, options: {} } : r;
    const def = this.defs.get(name);
    if (!def)
      throw new RulewrightError(
        'BAD_INPUT',
        `${where}: unknown matcher "${name}" (known: ${[...this.defs.keys()].join(', ')}); fix the name in ` +
          `task.matching or register it from a module with --matchers`,
      );
    const optionKey = plainKey(options);
    // A user matcher is bound per config entry, so a throw names the field it was comparing.
    const cacheKey = optionKey === null ? null : `${name}\u0000${optionKey}${this.builtin.has(name) ? '' : `\u0000${where}`}`;
    const cached = cacheKey === null ? undefined : this.bound.get(cacheKey);
    if (cached) return cached;
    const parsed = parseAt(def.options, options, `${where}: options of matcher "${name}"`);
    const impl = def.bind(parsed, (sub, w) => this.resolve(sub, `${where} → ${w}`), where);
    const match = impl.match.bind(impl);
    const bound: BoundMatcher = {
      name,
      key: cacheKey ?? `${name}\u0000#${++uniqueKeys}`,
      isPlainExact: def === exactMatcher,
      collection: def.collection ?? false,
      screensPatterns: impl.screensPatterns ?? false,
      fixedPatterns: impl.fixedPatterns ?? [],
      needsAsync: impl.needsAsync ? impl.needsAsync.bind(impl) : () => false,
      check: impl.check ? impl.check.bind(impl) : () => undefined,
      match,
      matchAsync: impl.matchAsync ? impl.matchAsync.bind(impl) : async (g, p, ctx) => match(g, p, ctx),
    };
    if (cacheKey !== null) this.bound.set(cacheKey, bound);
    return bound;
  }
}

/** A registry holding the built-in matchers. */
export function createMatcherRegistry(): MatcherRegistry {
  return new MatcherRegistry();
}

/**
 * Validates a loaded module's exports (see `MatcherModule`) and registers its matchers.
 * Pure: the caller imports the module. Returns the names registered.
 */
export function registerModule(registry: MatcherRegistry, moduleExports: unknown, source = 'matchers module'): string[] {
  const exp = moduleExports as { matchers?: unknown; default?: { matchers?: unknown } } | null;
  const candidate = exp && typeof exp === 'object' && exp.matchers === undefined && exp.default ? exp.default : exp;
  const parsed = ModuleShape.safeParse(candidate);
  if (!parsed.success)
    throw new RulewrightError(
      'BAD_INPUT',
      `${source}: expected an export \`matchers\`: an object of name → function (gold, predicted, options, ctx) ` +
        `returning {score, passed, reason} (or {match, options?, collection?, description?}); ` +
        parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.') || '(module)'}: ${i.message}`)
          .join('; '),
    );
  const names = Object.keys(parsed.data.matchers);
  for (const name of names) registry.register(name, parsed.data.matchers[name] as UserMatcher, { source });
  return names;
}
