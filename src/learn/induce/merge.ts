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

/** The flags of merged rules that agree (see `joins`): theirs, with `s` when any has it. */
const mergedFlags = (rules: readonly Candidate[]): string =>
  rules.some((r) => r.flags.includes('s')) && !rules.every((r) => r.flags.includes('s')) ? [...new Set(rules.flatMap((r) => r.flags.split('')))].sort().join('') : rules[0]!.flags;

/** A group being built: its members, and what `joins` reads of their flags, kept as members join. */
interface Group {
  members: Candidate[];
  /** Flags without `s`, which every member shares. */
  bare: string;
  /** Members with `s`, and members without it whose pattern has a `.`. */
  dotted: number;
  undottedDots: number;
}

/** What `joins` reads of a candidate's flags: them without `s`, whether it has `s`, and whether it has a `.` that `s` would change. */
const flagFacts = (c: Candidate) => ({ bare: c.flags.replace('s', ''), dotted: c.flags.includes('s'), undottedDot: !c.flags.includes('s') && !dotFree(c.pattern) });

/**
 * Whether a candidate may join a group as one more alternative of its rule. Their flags must agree:
 * the same, or the same but `s` (a conjunction's `.*?` must cross line breaks) where every rule
 * without it has no `.` (a word or phrase).
 */
function joins(g: Group, c: Candidate, f: ReturnType<typeof flagFacts>): boolean {
  const head = g.members[0]!;
  if (head.label !== c.label || head.format !== 'regex' || c.format !== 'regex' || head.group !== '$0' || c.group !== '$0') return false;
  if (!mergeable(head.kind) || !mergeable(c.kind) || g.members.length >= TUNING.merge.maxAlternatives || f.bare !== g.bare) return false;
  const dotted = g.dotted + (f.dotted ? 1 : 0);
  return dotted === 0 || dotted === g.members.length + 1 || g.undottedDots + (f.undottedDot ? 1 : 0) === 0;
}

/**
 * Merges classification candidates (in execution order) that emit the same label into one rule
 * whose pattern is the alternation of theirs. Adjacent ones always may: the merged rule fires exactly
 * where one of them fires, and no rule of another label sits between them, so the first firing
 * label of every text is unchanged. Words, phrases and conjunctions of them merge with each other;
 * other kinds (shapes, lexicons) stay apart. Only rules whose flags agree merge (`u` beside `i`
 * changes what `\w` and case folding match; see `joins` for `s`).
 *
 * With `firesOn` (the texts, train and dev, each candidate fires on), a candidate also joins an
 * earlier group of its label across rules of other labels when none of those fires on any text it
 * fires on, and it fires on enough texts for that to be evidence (`crossingTexts`): moved up, it
 * decides no text differently there, and a label's rules read as a few alternations rather than
 * dozens of rules scattered through the list.
 */
export function mergeByLabel(ordered: readonly Candidate[], firesOn?: (i: number) => readonly number[]): Candidate[][] {
  const groups: Group[] = [];
  // Indexed so that a candidate visits only the groups of its own label it could join, not every
  // group back to the one that blocks it: on lists of thousands of rules (the tie budget regroups
  // after every removal) the plain backward scan was most of a large learn's time.
  const ofLabel = new Map<string, number[]>();
  const latest = new LatestGroups();
  const fewest = crossingTexts();
  ordered.forEach((c, i) => {
    const docs = firesOn?.(i) ?? [];
    const crosses = !!firesOn && docs.length >= fewest;
    let own = ofLabel.get(c.label);
    if (!own) ofLabel.set(c.label, (own = []));
    const label = latest.labelId(c.label);
    // The latest group it may not move above: without crossing, every group but the last; with
    // it, the latest group of another label whose rules fire on one of its texts.
    let block = groups.length - 2;
    if (crosses) {
      block = -1;
      for (const d of docs) block = Math.max(block, latest.ofOtherLabel(d, label));
    }
    const f = flagFacts(c);
    let at = -1;
    for (let j = own.length - 1; j >= 0 && own[j]! > block; j--)
      if (joins(groups[own[j]!]!, c, f)) {
        at = own[j]!;
        break;
      }
    if (at < 0) {
      at = groups.length;
      groups.push({ members: [], bare: f.bare, dotted: 0, undottedDots: 0 });
      own.push(at);
    }
    const g = groups[at]!;
    g.members.push(c);
    g.dotted += f.dotted ? 1 : 0;
    g.undottedDots += f.undottedDot ? 1 : 0;
    for (const d of docs) latest.add(d, label, at);
  });
  return groups.map((g) => g.members);
}

/**
 * For each text, the latest group whose rules fire on it, and the latest of a label other than
 * that group's: enough to say, for any label, the latest group of another label that fires on the
 * text, in constant time. Texts are numbered densely (train, then dev).
 */
class LatestGroups {
  private top = new Int32Array(0);
  private topLabel = new Int32Array(0);
  private second = new Int32Array(0);
  private readonly ids = new Map<string, number>();

  labelId(label: string): number {
    let id = this.ids.get(label);
    if (id === undefined) this.ids.set(label, (id = this.ids.size));
    return id;
  }

  /** The latest group of a label other than `label` whose rules fire on text `d` (-1: none). */
  ofOtherLabel(d: number, label: number): number {
    if (d >= this.top.length) return -1;
    return this.topLabel[d] !== label ? this.top[d]! : this.second[d]!;
  }

  /** Records that group `k`, of `label`, fires on text `d`. */
  add(d: number, label: number, k: number): void {
    if (d >= this.top.length) this.grow(d + 1);
    if (this.topLabel[d] === label) this.top[d] = Math.max(this.top[d]!, k);
    else if (k > this.top[d]!) {
      // The old latest is of another label than `label`, and latest of every label but this one.
      this.second[d] = this.top[d]!;
      this.top[d] = k;
      this.topLabel[d] = label;
    } else this.second[d] = Math.max(this.second[d]!, k);
  }

  private grow(n: number): void {
    const size = Math.max(n, this.top.length * 2, 1024);
    const widen = (a: Int32Array) => {
      const b = new Int32Array(size).fill(-1);
      b.set(a);
      return b;
    };
    [this.top, this.topLabel, this.second] = [widen(this.top), widen(this.topLabel), widen(this.second)];
  }
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
