import { Rule, type Provenance } from '../../core/schemas/rule.js';
import type { PatchRuleDraft, RuleDraft } from '../prompts/answer-schema.js';

/** Limits on what a model may write into a rule (the answer schema carries none). */
const DRAFT_LIMITS = { name: 120, description: 1000, pattern: 2000, terms: 2000, term: 200 } as const;

export interface DraftContext {
  id: string;
  provenance: Provenance;
  /** The task's labels; null accepts any label. */
  labels: readonly string[] | null;
  /** Appended to the description (e.g. which request wrote it). */
  origin?: string;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** `null`, `""`, `0`, `$0` → `$0`; `1`, `$1` → `$1`; `<name>`/`name` → `name`. */
function normalizeGroup(g: string | null): string {
  const t = (g ?? '').trim();
  if (t === '' || t === '0' || t === '$0') return '$0';
  if (/^\$?\d+$/.test(t)) return `$${t.replace('$', '')}`;
  return t.replace(/^\(?\?P?<|^<|>\)?$|>$/g, '');
}

/**
 * Turns a model's rule into a stored-shape rule. The text is data: the pattern is kept as a
 * string for the regex compiler, never evaluated. A draft that cannot be a usable rule (unknown
 * label, empty lexicon, a pattern over the size limit, a flag that is not allowed) becomes a
 * `rejected` rule with the reason, so it stays visible; otherwise the rule is `proposed`, to be
 * checked and judged.
 */
export function draftToRule(draft: RuleDraft | PatchRuleDraft, ctx: DraftContext): Rule {
  const problems: string[] = [];
  let label = draft.label.trim();
  if (ctx.labels && !ctx.labels.includes(label)) {
    const folded = ctx.labels.find((l) => l.toLowerCase() === label.toLowerCase());
    if (folded) label = folded;
    else problems.push(`label "${clip(label, 60)}" is not one of the task's labels (${ctx.labels.join(', ')})`);
  }
  if (!label) {
    label = ctx.labels?.[0] ?? 'unknown';
    problems.push('the rule has no label');
  }
  const format = draft.format;
  let pattern = '';
  let terms: string[] | undefined;
  if (format === 'lexicon') {
    const list = [...new Set((draft.terms ?? []).map((t) => t.trim()).filter(Boolean))];
    if (!list.length) problems.push('a lexicon rule needs a non-empty "terms" list');
    if (list.length > DRAFT_LIMITS.terms) problems.push(`a lexicon may hold at most ${DRAFT_LIMITS.terms} terms`);
    if (list.some((t) => t.length > DRAFT_LIMITS.term)) problems.push(`lexicon terms may be at most ${DRAFT_LIMITS.term} characters`);
    terms = list.length ? list.slice(0, DRAFT_LIMITS.terms).map((t) => clip(t, DRAFT_LIMITS.term)) : ['(empty)'];
  } else {
    pattern = draft.pattern;
    if (pattern.length > DRAFT_LIMITS.pattern) {
      problems.push(`the pattern is ${pattern.length} characters long; the limit is ${DRAFT_LIMITS.pattern}`);
      pattern = pattern.slice(0, DRAFT_LIMITS.pattern);
    }
  }
  // g, d and y mean nothing for a rule (the engine sets them); anything else outside imsux is refused.
  const rawFlags = (draft.flags ?? '').replace(/[gdy\s]/g, '');
  const badFlags = [...new Set(rawFlags.replace(/[imsux]/g, ''))];
  if (badFlags.length) problems.push(`flag${badFlags.length > 1 ? 's' : ''} ${badFlags.join('')} not allowed (use i, m, s, u, x)`);
  const flags = [...new Set(rawFlags.replace(/[^imsux]/g, ''))].join('');
  const priority = Number.isFinite(draft.priority) ? Math.round(Math.max(-1000, Math.min(1000, draft.priority!))) : 0;
  const confidence = Number.isFinite(draft.confidence) ? Math.max(0, Math.min(1, draft.confidence!)) : 0.5;
  const description = clip(draft.description.trim() + (ctx.origin ? ` (${ctx.origin})` : ''), DRAFT_LIMITS.description);
  const candidate = {
    id: ctx.id,
    name: clip(draft.name.trim() || `${label} rule`, DRAFT_LIMITS.name),
    description,
    format,
    pattern,
    flags,
    ...(terms ? { terms, lexicon: { case_sensitive: false, word_boundary: true } } : {}),
    dialect: draft.dialect ?? 'js',
    output: { label, group: normalizeGroup(draft.group) },
    priority,
    confidence,
    status: problems.length ? 'rejected' : 'proposed',
    provenance: ctx.provenance,
    ...(problems.length ? { rejection: problems.join('; ') } : {}),
  };
  const parsed = Rule.safeParse(candidate);
  if (parsed.success) return parsed.data;
  // Whatever the schema refused (e.g. an empty group name) still leaves a visible rejected rule.
  return Rule.parse({
    ...candidate,
    output: { label, group: '$0' },
    status: 'rejected',
    rejection: [...problems, `the rule is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`].join('; '),
  });
}
