import type { z } from 'zod';
import { describeIssues } from '../../core/errors.js';
import { redactSecrets } from './key-shapes.js';
import { scrubAnswer } from './scrub-answer.js';
import type { Secrets } from './secret.js';
import { parseTolerantJson } from './tolerant-json.js';

/** An array element of the answer that failed the schema and was left out. */
export interface InvalidElement {
  /** Dotted path of the element, e.g. `rules.3`. */
  path: string;
  value: unknown;
  /** The schema's complaints, `field: message; …`. */
  issues: string;
  /** Left out because a field that is not prose held a secret (see `scrubAnswer`), not for the schema. */
  secret?: true;
}

/** What came out of reading an answer against a schema. */
export interface ParsedAnswer<T> {
  /** The valid part of the answer; absent when nothing usable could be read. */
  parsed?: T;
  /** Elements dropped because they failed the schema. */
  invalid: InvalidElement[];
  /** The answer was cut off and only its complete elements were kept. */
  truncated: boolean;
  /** Why nothing could be read (no JSON, or a failure outside any array element). */
  error?: string;
}

const MAX_ROUNDS = 20;

/**
 * Reads an LLM answer as JSON (see `parseTolerantJson`) and validates it with `safeParse`. A
 * failure inside an array element drops that element (the outermost one on the issue's path, so a
 * rule with one bad term goes as a whole rather than silently changing) and tries again; a failure
 * elsewhere means the answer is unusable. First, `secrets` and anything shaped like a credential
 * are redacted from every string (see `scrubAnswer`): this is the one door every model-written
 * rule, patch and judge's note comes through.
 */
export function parseAnswer<T>(text: string, schema: z.ZodType<T>, secrets: Secrets = []): ParsedAnswer<T> {
  const json = parseTolerantJson(text);
  if (!json.ok) return { invalid: [], truncated: false, error: `the answer is not JSON: ${redactSecrets(json.error, secrets)}` };
  // Secrets go before validation, so neither the valid part nor a dropped element's record holds one.
  const scrubbed = scrubAnswer(json.value, secrets);
  let value: unknown = scrubbed.value;
  const invalid: InvalidElement[] = [];
  dropElements(value, scrubbed.withheld.map((w) => ({ ...w, secret: true as const })), invalid);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const r = schema.safeParse(value);
    if (r.success) return { parsed: r.data, invalid, truncated: json.truncated };
    const byElement = new Map<string, { path: (string | number)[]; issues: z.core.$ZodIssue[] }>();
    for (const issue of r.error.issues) {
      const idx = issue.path.findIndex((p) => typeof p === 'number');
      if (idx === -1) {
        return {
          invalid,
          truncated: json.truncated,
          error: `the answer does not match the schema: ${describeIssues(r.error)}`,
        };
      }
      const path = issue.path.slice(0, idx + 1) as (string | number)[];
      const key = path.join('.');
      const entry = byElement.get(key) ?? { path, issues: [] };
      entry.issues.push({ ...issue, path: issue.path.slice(idx + 1) });
      byElement.set(key, entry);
    }
    value = structuredClone(value);
    const removals = [...byElement.values()].map(({ path, issues }) => ({ path, issues: formatIssues(issues) }));
    const failed = dropElements(value, removals, invalid);
    if (failed) return { invalid, truncated: json.truncated, error: `the answer does not match the schema at ${failed}` };
  }
  return { invalid, truncated: json.truncated, error: 'the answer does not match the schema' };
}

/**
 * Removes array elements from `value` in place, recording each in `invalid`. Returns the path of
 * one that is not an array element (nothing more is removed then), or undefined.
 */
function dropElements(value: unknown, removals: readonly { path: (string | number)[]; issues: string; secret?: true }[], invalid: InvalidElement[]): string | undefined {
  // Higher indices first, so earlier removals do not shift later ones.
  const ordered = [...removals].sort((a, b) => Number(b.path.at(-1)) - Number(a.path.at(-1)));
  for (const { path, issues, secret } of ordered) {
    const parent = at(value, path.slice(0, -1));
    const index = path.at(-1) as number;
    if (!Array.isArray(parent) || index >= parent.length) return path.join('.');
    invalid.push({ path: path.join('.'), value: parent[index], issues, ...(secret ? { secret } : {}) });
    parent.splice(index, 1);
  }
  return undefined;
}

function at(value: unknown, path: readonly (string | number)[]): unknown {
  let cur: unknown = value;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}

function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}
