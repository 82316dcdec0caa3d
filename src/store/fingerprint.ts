import { hash } from 'node:crypto';
import { canonicalJson, setHash, sha256 } from '../core/hash.js';
import type { Answer, Example } from '../core/schemas/example.js';
import type { Rule } from '../core/schemas/rule.js';
import type { Span } from '../core/schemas/span.js';

/**
 * Content hashes. A dataset's hash is order-independent and covers only what scoring depends on
 * (id, input, gold answer, split, asserted labels, truth), so `export` then `import` into a new
 * dataset gives the same hash, while editing one label or moving one example between splits
 * changes it.
 */

/** Plain JSON with object keys sorted at every level (arrays keep their order). */
function sortKeysDeep(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(sortKeysDeep);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) out[k] = sortKeysDeep((v as Record<string, unknown>)[k]);
  return out;
}

const bySpan = (x: Span, y: Span) => x.start - y.start || x.end - y.end || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0);

// Views are built with their keys already in sorted order, so JSON.stringify is canonical
// without the cost of a generic canonicalizer (this runs once per imported row).
function answerView(a: Answer | Example): { label?: string; output?: unknown; spans?: unknown } {
  return {
    label: a.label ?? undefined,
    output: a.output === undefined ? undefined : sortKeysDeep(a.output),
    spans: a.spans?.length ? [...a.spans].sort(bySpan).map((s) => ({ end: s.end, label: s.label, start: s.start })) : undefined,
  };
}

/** Hash of an example's content, without its split (the split is a column of its own). */
export function exampleContentHash(e: Example): string {
  const a = answerView(e);
  const view = {
    annotated: e.annotated ? [...new Set(e.annotated)].sort() : undefined,
    id: e.id,
    input: e.input === undefined ? undefined : sortKeysDeep(e.input),
    label: a.label,
    output: a.output,
    spans: a.spans,
    text: e.text,
    truth: e.truth ? answerView(e.truth) : undefined,
  };
  return hash('sha256', JSON.stringify(view), 'hex');
}

/**
 * `exampleContentHash` of an example that has only an id, a text and a class label (a null label
 * counts as none), given as their JSON (undefined when missing): the same canonical view, written
 * directly, since this runs once per imported row.
 */
export function simpleContentHash(idJson: string, labelJson: string | undefined, textJson: string | undefined): string {
  let json = `{"id":${idJson}`;
  if (labelJson !== undefined) json += `,"label":${labelJson}`;
  if (textJson !== undefined) json += `,"text":${textJson}`;
  return hash('sha256', `${json}}`, 'hex');
}

/** Combines per-example content hashes and splits into the dataset's gold hash. */
export function datasetHash(rows: Iterable<{ hash: string; split: string }>): string {
  const items: string[] = [];
  for (const r of rows) items.push(`${r.split}:${r.hash}`);
  return setHash(items);
}

/**
 * Fields that do not change what a ruleset outputs, so they do not make "the rules moved".
 * Validated precision and support stay in: they set the execution order (Wilson bound), and the
 * order decides conflicts.
 */
const VOLATILE_RULE_FIELDS = new Set([
  'version',
  'status',
  'flagged',
  'rejection',
  'description',
  'provenance',
]);

/** Hash of what a rule does (its pattern, output, order keys), without volatile fields. */
export function ruleHash(rule: Rule): string {
  const kept = Object.fromEntries(Object.entries(rule).filter(([k]) => !VOLATILE_RULE_FIELDS.has(k)));
  return sha256(canonicalJson(kept));
}

/**
 * Order-independent hash of exactly these rules, whatever their status: the `ruleset_hash` of a
 * run over rules a caller gave.
 */
export function givenRulesHash(rules: readonly Rule[]): string {
  return setHash(rules.map(ruleHash));
}

/** `givenRulesHash` of the active rules among these: the `ruleset_hash` of a run over a workspace's rules. */
export function activeRulesHash(rules: readonly Rule[]): string {
  return givenRulesHash(rules.filter((r) => r.status === 'active'));
}
