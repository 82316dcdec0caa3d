import type { Candidate } from './types.js';
import { subsumes } from './covering/subsume.js';
import { TUNING } from './tuning.js';

const UNIT_KINDS = new Set(['word', 'stem', 'phrase', 'gap', 'first', 'label_word', 'label_stem', 'label_phrase']);

/** Fewest texts a rule must fire on to cross rules of other labels (see `TUNING.merge.crossShare`): 5. */
export function crossingTexts(): number {
  return Math.ceil(Math.log(0.05) / Math.log(1 - TUNING.merge.crossShare));
}

/** Kinds whose patterns are a set of triggers, so an alternation of them reads as one: words and phrases, and conjunctions of them. */
const mergeable = (kind: string): boolean => UNIT_KINDS.has(kind) || kind === 'conj';

/** A pattern with no `.` outside an escape: the `s` flag, which changes only what `.` matches, changes nothing in it. */
const dotFree = (pattern: string): boolean => !pattern.replace(/\\[\s\S]/g, '').includes('.');

/**
 * Whether rules may share one set of flags: the same flags, or the same but `s` (a conjunction's
 * `.*?` must cross line breaks) where every rule without it has no `.` (a word or phrase).
 */
function flagsAgree(rules: readonly Candidate[]): boolean {
  const bare = rules[0]!.flags.replace('s', '');
  if (rules.some((r) => r.flags.replace('s', '') !== bare)) return false;
  const dotted = rules.filter((r) => r.flags.includes('s'));
  return dotted.length === 0 || dotted.length === rules.length || rules.every((r) => r.flags.includes('s') || dotFree(r.pattern));
}

/** The flags of merged rules that agree (`flagsAgree`): theirs, with `s` when any has it. */
const mergedFlags = (rules: readonly Candidate[]): string =>
  rules.some((r) => r.flags.includes('s')) && !rules.every((r) => r.flags.includes('s')) ? [...new Set(rules.flatMap((r) => r.flags.split('')))].sort().join('') : rules[0]!.flags;

/** Whether a candidate may join a group as one more alternative of its rule. */
function joins(group: readonly Candidate[], c: Candidate): boolean {
  const head = group[0]!;
  return (
    head.label === c.label &&
    head.format === 'regex' &&
    c.format === 'regex' &&
    head.group === '$0' &&
    c.group === '$0' &&
    flagsAgree([...group, c]) &&
    mergeable(head.kind) &&
    mergeable(c.kind) &&
    group.length < TUNING.merge.maxAlternatives
  );
}

/**
 * Merges classification candidates (in execution order) that emit the same label into one rule
 * whose pattern is the alternation of theirs. Adjacent ones always may: the merged rule fires exactly
 * where one of them fires, and no rule of another label sits between them, so the first firing
 * label of every text is unchanged. Words, phrases and conjunctions of them merge with each other;
 * other kinds (shapes, lexicons) stay apart. Only rules whose flags agree merge (`u` beside `i`
 * changes what `\w` and case folding match; see `flagsAgree` for `s`).
 *
 * With `firesOn` (the texts, train and dev, each candidate fires on), a candidate also joins an
 * earlier group of its label across rules of other labels when none of those fires on any text it
 * fires on, and it fires on enough texts for that to be evidence (`crossingTexts`): moved up, it
 * decides no text differently there, and a label's rules read as a few alternations rather than
 * dozens of rules scattered through the list.
 */
export function mergeByLabel(ordered: readonly Candidate[], firesOn?: (i: number) => readonly number[]): Candidate[][] {
  const groups: { members: Candidate[]; docs: Set<number> }[] = [];
  const fewest = crossingTexts();
  ordered.forEach((c, i) => {
    const docs = firesOn?.(i) ?? [];
    const crosses = !!firesOn && docs.length >= fewest;
    let into: (typeof groups)[number] | undefined;
    for (let k = groups.length - 1; k >= 0; k--) {
      const g = groups[k]!;
      if (joins(g.members, c)) {
        into = g;
        break;
      }
      if (!crosses || (g.members[0]!.label !== c.label && docs.some((d) => g.docs.has(d)))) break;
    }
    if (into) into.members.push(c);
    else groups.push((into = { members: [c], docs: new Set() }));
    for (const d of docs) into.docs.add(d);
  });
  return groups.map((g) => g.members);
}

/**
 * The members of a group that no other member covers: where one rule fires on every text another
 * does (`"trans*" & "fee"` and `"transfer*" & "fee"`), the alternation needs only the first. Of two
 * that cover each other the earlier stays. The merged rule fires on the same texts either way.
 */
function uncovered(group: readonly Candidate[]): readonly Candidate[] {
  const covers = (a: Candidate, b: Candidate) => !!a.conditions && !!b.conditions && subsumes(a.conditions, b.conditions);
  return group.filter((c, i) => !group.some((d, j) => j !== i && covers(d, c) && (j < i || !covers(c, d))));
}

/** One candidate standing for a merged group. */
export function mergedCandidate(whole: readonly Candidate[]): Candidate {
  if (whole.length === 1) return whole[0]!;
  const group = uncovered(whole);
  const support = whole.reduce((s, c) => s + (c.support ?? 0), 0);
  if (group.length === 1) return { ...group[0]!, support };
  const head = group[0]!;
  const flags = mergedFlags(group);
  const conjs = group.filter((c) => c.kind === 'conj');
  const units = group.filter((c) => c.kind !== 'conj').map((c) => c.pattern);
  const parts = conjs.length ? [conjunctions(conjs), ...units] : units;
  const pattern = units.length ? `(?:${parts.join('|')})` : parts[0]!;
  const triggers = group.map((c) => c.name.slice(c.name.indexOf('<- ') + 3));
  return {
    ...head,
    kind: units.length ? 'triggers' : 'conj',
    pattern,
    flags,
    name: `${head.label} <- ${triggers.join(' | ')}`.slice(0, 160),
    description: group.map((c) => c.description).join('; '),
    support,
  };
}

/** One pattern for conjunctions: their lookaheads as alternatives under one anchor where each is anchored, else their alternation. */
function conjunctions(conjs: readonly Candidate[]): string {
  const bodies = conjs.map((c) => (c.pattern.startsWith('^(?=') && c.pattern.endsWith('.+') ? c.pattern.slice(1, -2) : undefined));
  if (bodies.every((b) => b !== undefined)) return `^(?:${bodies.join('|')}).+`;
  return conjs.map((c) => `(?:${c.pattern})`).join('|');
}
