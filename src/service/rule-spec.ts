import { readFileSync } from 'node:fs';
import { RulewrightError } from '../core/errors.js';
import { canonicalJson } from '../core/hash.js';
import { Rule, type RuleInput } from '../core/schemas/rule.js';
import { ruleSource } from '../core/schemas/rule-card.js';

/**
 * A rule as `rules add` and `rules edit` describe it: flags, a JSON object, or both (flags win).
 * For `add`, name, label and a pattern or terms are required; for `edit`, every field is
 * optional and only the ones given change.
 */
export interface RuleSpec {
  id?: string;
  name?: string;
  description?: string;
  pattern?: string;
  flags?: string;
  dialect?: string;
  label?: string;
  group?: string;
  priority?: number;
  confidence?: number;
  /** A lexicon's terms (`--lexicon a,b`). */
  terms?: string[];
  /** A file with one term per line (blank lines skipped). */
  terms_file?: string;
  case_sensitive?: boolean;
  word_boundary?: boolean;
  provenance?: string;
  /** A whole rule (add) or the fields to change (edit), as JSON text or an object. */
  json?: string | Record<string, unknown>;
}

/** One field that differs between two versions of a rule. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

const usage = (m: string) => new RulewrightError('USAGE', m);

function jsonObject(json: RuleSpec['json']): Record<string, unknown> {
  if (json === undefined) return {};
  let v: unknown = json;
  if (typeof json === 'string') {
    try {
      v = JSON.parse(json);
    } catch (e) {
      throw new RulewrightError('BAD_INPUT', `--json is not valid JSON (${(e as Error).message})`);
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new RulewrightError('BAD_INPUT', '--json must be a JSON object describing one rule');
  return v as Record<string, unknown>;
}

function readTerms(spec: RuleSpec): string[] | undefined {
  if (spec.terms && spec.terms_file) throw usage('pass either --lexicon or --terms-file, not both');
  if (spec.terms) return spec.terms;
  if (!spec.terms_file) return undefined;
  let text: string;
  try {
    text = readFileSync(spec.terms_file, 'utf8');
  } catch (e) {
    throw new RulewrightError('NOT_FOUND', `cannot read the terms file ${spec.terms_file}: ${(e as Error).message}`);
  }
  const terms = text.split(/\r?\n/).map((t) => t.trim()).filter(Boolean);
  if (!terms.length) throw new RulewrightError('BAD_INPUT', `${spec.terms_file} holds no terms: write one term per line`);
  return terms;
}

/** The fields a spec sets, as a partial rule (flags over JSON). */
function specFields(spec: RuleSpec): Record<string, unknown> {
  const out: Record<string, unknown> = { ...jsonObject(spec.json) };
  const terms = readTerms(spec);
  if (spec.pattern !== undefined && terms) throw usage('a rule is a regex (--pattern) or a lexicon (--lexicon / --terms-file), not both');
  const set = <K extends keyof RuleSpec>(key: K, field: string = key) => {
    if (spec[key] !== undefined) out[field] = spec[key];
  };
  set('id');
  set('name');
  set('description');
  set('flags');
  set('dialect');
  set('priority');
  set('confidence');
  set('provenance');
  if (spec.pattern !== undefined) {
    out.format = 'regex';
    out.pattern = spec.pattern;
  }
  if (terms) {
    out.format = 'lexicon';
    out.terms = terms;
  }
  overlay(out, 'output', { label: spec.label, group: spec.group });
  overlay(out, 'lexicon', { case_sensitive: spec.case_sensitive, word_boundary: spec.word_boundary });
  return out;
}

/** Sets the flags that were given (not undefined) inside the object at `out[key]`, keeping the rest the JSON gave there. */
function overlay(out: Record<string, unknown>, key: string, flags: Record<string, unknown>): void {
  const given = Object.entries(flags).filter(([, v]) => v !== undefined);
  if (given.length) out[key] = { ...((out[key] ?? {}) as Record<string, unknown>), ...Object.fromEntries(given) };
}

/** Makes regex/lexicon fields consistent after a change of format. */
function normalizeFormat(r: Record<string, unknown>): Record<string, unknown> {
  const out = { ...r };
  if (out.format === 'lexicon') {
    out.pattern = '';
    out.lexicon = { case_sensitive: false, word_boundary: true, ...((out.lexicon as object | undefined) ?? {}) };
  } else {
    if (out.lexicon !== undefined && r.format === 'regex' && out.terms === undefined)
      throw usage('--case-sensitive and --word-boundary apply to lexicon rules (--lexicon / --terms-file), not to regexes: use --flags i instead');
    delete out.terms;
    delete out.lexicon;
  }
  return out;
}

/** A readable id from a name: lower case, runs of other characters as `-`, unique among `taken`. */
function slugId(name: string, taken: ReadonlySet<string>): string {
  const stem =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'rule';
  if (!taken.has(stem)) return stem;
  let n = 2;
  while (taken.has(`${stem}-${n}`)) n++;
  return `${stem}-${n}`;
}

/**
 * The new rule a `rules add` spec describes, validated (unknown JSON keys are an error). The id
 * is the spec's, else one made from the name. Provenance defaults to `human`.
 */
export function ruleFromSpec(spec: RuleSpec, taken: ReadonlySet<string>): Rule {
  const fields = specFields(spec);
  if (typeof fields.name !== 'string' || !fields.name.trim()) throw usage('rules add needs --name NAME');
  const output = fields.output as Record<string, unknown> | undefined;
  if (!output || typeof output.label !== 'string' || !output.label.trim()) throw usage('rules add needs --label LABEL (the entity type, class or field it outputs)');
  if (fields.pattern === undefined && fields.terms === undefined)
    throw usage('rules add needs --pattern REGEX, or --lexicon a,b,c / --terms-file FILE for a term list');
  if (fields.format === undefined) fields.format = fields.terms !== undefined ? 'lexicon' : 'regex';
  const id = typeof fields.id === 'string' && fields.id.trim() ? fields.id.trim() : slugId(fields.name, taken);
  const input = normalizeFormat({ provenance: 'human', ...fields, id, name: fields.name.trim(), status: fields.status ?? 'active' }) as RuleInput;
  return parseRule(input, 'the new rule');
}

/** The rule after a `rules edit` spec: only the fields given change. The id cannot change. */
export function applySpec(current: Rule, spec: RuleSpec): Rule {
  const fields = specFields(spec);
  if (Object.keys(fields).length === 0) throw usage('nothing to change: pass the fields to edit (e.g. --pattern, --label, --priority), or --rule JSON');
  if (fields.id !== undefined && fields.id !== current.id) throw usage(`a rule's id cannot change (${current.id}): add a new rule instead`);
  for (const k of ['version', 'validated_precision', 'validated_support'] as const)
    if (k in fields && canonicalJson(fields[k]) !== canonicalJson(current[k])) throw usage(`${k} is not edited by hand: ${k === 'version' ? 'every edit makes the next version' : 'metrics measures it'}`);
  const merged: Record<string, unknown> = { ...current, ...fields };
  if (fields.output) merged.output = { ...current.output, ...(fields.output as object) };
  if (fields.lexicon) merged.lexicon = { ...(current.lexicon ?? {}), ...(fields.lexicon as object) };
  if (fields.format === 'regex' && current.format === 'lexicon' && fields.lexicon === undefined) delete merged.lexicon;
  const next = parseRule(normalizeFormat(merged) as RuleInput, `rule "${current.id}"`);
  // A name an inducer made from what the rule matches would describe the old pattern: make it again.
  const rederive = fields.name === undefined && isDerivedName(current) && (ruleSource(next) !== ruleSource(current) || next.output.label !== current.output.label);
  return rederive ? { ...next, name: derivedName(next) } : next;
}

/** Whether a rule's name is one an inducer made from its label and pattern (`LABEL <- …`), not a person's. */
function isDerivedName(rule: Rule): boolean {
  return rule.provenance !== 'human' && rule.name.startsWith(`${rule.output.label} <- `);
}

/** A name in the inducers' form for what the rule matches now: `LABEL <- /pattern/` or `LABEL <- "term" | …`. */
function derivedName(rule: Rule): string {
  const what = rule.format === 'lexicon' ? (rule.terms ?? []).map((t) => `"${t}"`).join(' | ') : `/${rule.pattern}/`;
  return `${rule.output.label} <- ${what}`.slice(0, 160);
}

function parseRule(input: RuleInput, where: string): Rule {
  const r = Rule.safeParse(input);
  if (!r.success) {
    const issues = r.error.issues.slice(0, 3).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    throw new RulewrightError('BAD_INPUT', `${where}: ${issues.join('; ')}`);
  }
  return r.data;
}

const FLAT = ['output', 'lexicon'] as const;

/** The fields that differ from `a` to `b` (nested output and lexicon options by sub-field), version left out. */
export function ruleDiff(a: Rule | undefined, b: Rule): FieldChange[] {
  const flat = (r: Rule | undefined): Record<string, unknown> => {
    if (!r) return {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      if (k === 'version') continue;
      if ((FLAT as readonly string[]).includes(k) && v && typeof v === 'object') for (const [sk, sv] of Object.entries(v)) out[`${k}.${sk}`] = sv;
      else out[k] = v;
    }
    return out;
  };
  const x = flat(a);
  const y = flat(b);
  const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
  return keys.filter((k) => canonicalJson(x[k] ?? null) !== canonicalJson(y[k] ?? null)).map((k) => ({ field: k, from: x[k] ?? null, to: y[k] ?? null }));
}
