import { laplace } from '../../core/ratio.js';
import type { Example } from '../../core/schemas/example.js';
import type { Task } from '../../core/schemas/task.js';
import { commonPrefix, escapeRegex, labelWords, literalPattern, stem, tokenize, uniqSorted } from './text.js';
import type { Candidate } from './types.js';
import { TUNING } from './tuning.js';

/** A unit feature: a word, a stem (prefix of a word) or a phrase (two adjacent words). */
interface Feature {
  kind: 'word' | 'stem' | 'phrase';
  /** The word, the stem, or "w1 w2" (for stemmed phrases "s1* s2*"). */
  key: string;
  /** Documents (train indices, ascending) where it occurs. */
  docs: number[];
}

export interface ClassifyGenOptions {
  minSupport: number;
  minPrecision: number;
  /** Most conjunction candidates per class. */
  maxConjPerClass?: number;
  /** Most features per class that conjunctions are built from. */
  conjUnits?: number;
}


function intersectCount(a: readonly number[], b: readonly number[], keep?: (d: number) => boolean): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      if (!keep || keep(a[i]!)) n++;
      i++;
      j++;
    }
  }
  return n;
}

/** The regex source of a unit feature (case-insensitive; `u` when it holds non-ASCII). */
function unitSource(f: Pick<Feature, 'kind' | 'key'>): { src: string; unicode: boolean } {
  if (f.kind === 'word') return literalPattern(f.key);
  if (f.kind === 'stem') return { src: `\\b${escapeRegex(f.key)}\\w*`, unicode: false };
  const [a, b] = f.key.split(' ') as [string, string];
  if (!f.key.includes('*')) return literalPattern(`${a} ${b}`);
  const part = (w: string) => (w.endsWith('*') ? `${escapeRegex(w.slice(0, -1))}\\w*` : escapeRegex(w));
  return { src: `\\b${part(a)}\\s+${part(b)}${b.endsWith('*') ? '' : '\\b'}`, unicode: false };
}

function lookaheadSource(f: Pick<Feature, 'kind' | 'key'>): { src: string; unicode: boolean } {
  const u = unitSource(f);
  return f.kind === 'stem' ? { src: u.src.replace(/\\w\*$/, ''), unicode: u.unicode } : u;
}

const display = (f: Pick<Feature, 'kind' | 'key'>): string => (f.kind === 'stem' ? `"${f.key}*"` : `"${f.key}"`);

/**
 * Classification candidates from the train split: class trigger words, stems (light suffix
 * stripping and prefixes shared by observed words, e.g. `withdraw\w*`), two-word phrases, the
 * label name's own words and phrases (task knowledge), and order-free conjunctions of two features
 * (`^(?=.*?\bcash\b)(?=.*?\bpend).+`) where together they are more precise than either alone.
 * Each carries its train support and Laplace-smoothed precision for the class.
 */
export function classificationCandidates(task: Task, train: readonly Example[], opts: ClassifyGenOptions): Candidate[] {
  const docs = train.map((e) => ({ label: (e.label ?? '').trim(), tokens: tokenize(e.text ?? '') }));
  const classes = uniqSorted([...docs.map((d) => d.label).filter((l) => l !== ''), ...(task.labels ?? [])]);

  // Vocabulary, stems and shared prefixes.
  const vocab = new Set<string>();
  for (const d of docs) for (const t of d.tokens) vocab.add(t.norm);
  const labelVocab = new Map<string, string[]>(classes.map((c) => [c, labelWords(c)]));
  for (const ws of labelVocab.values()) for (const w of ws) vocab.add(w);
  const stems = new Set<string>();
  for (const w of vocab) if (/^[a-z]{4,}$/.test(w)) stems.add(stem(w));
  const sorted = [...vocab].filter((w) => /^[a-z]+$/.test(w)).sort();
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i]!;
    const b = sorted[i + 1]!;
    const p = commonPrefix(a, b);
    if (p.length >= TUNING.classify.minPrefix && p.length >= TUNING.classify.prefixShare * Math.min(a.length, b.length)) stems.add(p);
  }

  // Feature → documents.
  const features = new Map<string, Feature>();
  const add = (kind: Feature['kind'], key: string, d: number) => {
    const id = `${kind}:${key}`;
    let f = features.get(id);
    if (!f) features.set(id, (f = { kind, key, docs: [] }));
    if (f.docs[f.docs.length - 1] !== d) f.docs.push(d);
  };
  docs.forEach((doc, d) => {
    const text = train[d]!.text ?? '';
    doc.tokens.forEach((t, i) => {
      add('word', t.norm, d);
      if (/^[a-z]+$/.test(t.norm)) for (let k = 4; k <= t.norm.length; k++) if (stems.has(t.norm.slice(0, k))) add('stem', t.norm.slice(0, k), d);
      const next = doc.tokens[i + 1];
      if (next && /^\s+$/.test(text.slice(t.end, next.start))) {
        add('phrase', `${t.norm} ${next.norm}`, d);
        const s1 = /^[a-z]{4,}$/.test(t.norm) ? stem(t.norm) : t.norm;
        const s2 = /^[a-z]{4,}$/.test(next.norm) ? stem(next.norm) : next.norm;
        if (s1 !== t.norm || s2 !== next.norm) add('phrase', `${s1 === t.norm ? s1 : `${s1}*`} ${s2 === next.norm ? s2 : `${s2}*`}`, d);
      }
    });
  });
  // Label-name words, their stems and adjacent pairs are candidates of their class even when unseen.
  const prior = new Map<string, Set<string>>();
  const markPrior = (c: string, id: string, kind: Feature['kind'], key: string) => {
    if (!features.has(id)) features.set(id, { kind, key, docs: [] });
    let s = prior.get(id);
    if (!s) prior.set(id, (s = new Set()));
    s.add(c);
  };
  for (const [c, ws] of labelVocab) {
    ws.forEach((w, i) => {
      markPrior(c, `word:${w}`, 'word', w);
      if (/^[a-z]{4,}$/.test(w)) markPrior(c, `stem:${stem(w)}`, 'stem', stem(w));
      const n = ws[i + 1];
      if (n) markPrior(c, `phrase:${w} ${n}`, 'phrase', `${w} ${n}`);
    });
  }

  const labelOf = (d: number) => docs[d]!.label;
  const out: Candidate[] = [];
  const unitsByClass = new Map<string, { id: string; f: Feature; nc: number; p: number }[]>();
  for (const [id, f] of features) {
    const counts = new Map<string, number>();
    for (const d of f.docs) counts.set(labelOf(d), (counts.get(labelOf(d)) ?? 0) + 1);
    const n = f.docs.length;
    for (const c of classes) {
      const nc = counts.get(c) ?? 0;
      const isPrior = prior.get(id)?.has(c) ?? false;
      const p = laplace(nc, n);
      if (!isPrior && nc < opts.minSupport) continue;
      if (f.kind !== 'phrase' && (nc >= TUNING.classify.conjUnitSupport || isPrior)) {
        let list = unitsByClass.get(c);
        if (!list) unitsByClass.set(c, (list = []));
        list.push({ id, f, nc, p });
      }
      if (p < opts.minPrecision && !(isPrior && n === 0)) continue;
      const { src, unicode } = unitSource(f);
      out.push({
        kind: isPrior ? `label_${f.kind}` : f.kind,
        label: c,
        format: 'regex',
        pattern: src,
        flags: unicode ? 'iu' : 'i',
        group: '$0',
        name: `${c} <- ${display(f)}`,
        description: `${isPrior ? 'label-name ' : ''}${f.kind} ${display(f)}: in ${nc} of ${n} train texts it is ${c}`,
        specificity: f.kind === 'phrase' ? 2 : f.kind === 'word' ? 1 : 0.5,
        keys: [f.kind === 'stem' ? `${f.key}*` : f.key],
        support: nc,
        precision: p,
      });
    }
  }

  // Order-free conjunctions of two features of the same class.
  const maxConj = opts.maxConjPerClass ?? TUNING.classify.maxConjPerClass;
  const unitsN = opts.conjUnits ?? TUNING.classify.conjUnits;
  for (const c of classes) {
    const units = (unitsByClass.get(c) ?? []).sort((a, b) => b.nc - a.nc || b.p - a.p || (a.id < b.id ? -1 : 1)).slice(0, unitsN);
    const conj: Candidate[] = [];
    for (let i = 0; i < units.length; i++)
      for (let j = i + 1; j < units.length; j++) {
        const a = units[i]!;
        const b = units[j]!;
        if (a.f.key.startsWith(b.f.key) || b.f.key.startsWith(a.f.key)) continue;
        const n = intersectCount(a.f.docs, b.f.docs);
        const nc = intersectCount(a.f.docs, b.f.docs, (d) => labelOf(d) === c);
        if (nc < Math.max(1, opts.minSupport)) continue;
        const p = laplace(nc, n);
        if (p < opts.minPrecision || p < Math.max(a.p, b.p) + TUNING.classify.conjLift) continue;
        const [x, y] = a.f.key < b.f.key ? [a, b] : [b, a];
        // Inside a lookahead a stem needs no trailing \w* (and screening is much faster without it).
        const sx = lookaheadSource(x.f);
        const sy = lookaheadSource(y.f);
        conj.push({
          kind: 'conj',
          label: c,
          format: 'regex',
          pattern: `^(?=.*?${sx.src})(?=.*?${sy.src}).+`,
          flags: sx.unicode || sy.unicode ? 'isu' : 'is',
          group: '$0',
          name: `${c} <- ${display(x.f)} & ${display(y.f)}`,
          description: `conjunction ${display(x.f)} & ${display(y.f)} (any order): in ${nc} of ${n} train texts it is ${c}`,
          specificity: 3,
          keys: [x.f, y.f].map((f) => (f.kind === 'stem' ? `${f.key}*` : f.key)),
          support: nc,
          precision: p,
        });
      }
    conj.sort((a, b) => b.support! - a.support! || b.precision! - a.precision! || (a.name < b.name ? -1 : 1));
    out.push(...conj.slice(0, maxConj));
  }
  return out;
}
