/**
 * A deterministic synthetic NER workload for the ranking benchmark: a Zipf-distributed vocabulary
 * of made-up words, short documents (8–24 words), gold spans on "entity" words, and word-
 * alternation rules that mostly (not always) give an entity word its true label. Any document can
 * be generated on its own from its index, so worker threads build their own chunks and the main
 * thread never holds all 100,000 documents. With the defaults a rule fires on ~0.8% of documents
 * and a document meets ~8 rules: sparse, like a real ruleset.
 */
import { mulberry32 } from '../../src/core/random.js';
import type { Example } from '../../src/core/schemas/example.js';
import { Rule } from '../../src/core/schemas/rule.js';
import { Task } from '../../src/core/schemas/task.js';

export const SYNTHETIC = { docs: 100_000, rules: 1_000, vocab: 20_000, labels: 10, seed: 20_260_601 } as const;

export const syntheticTask = (): Task => Task.parse({ name: 'synthetic', type: 'ner', matching: { mode: 'text', conflict_policy: 'rulechef' } });

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'shi', 'po', 've', 'zu', 'an', 'el', 'or', 'is', 'um', 'bra', 'gor', 'fen', 'dal', 'mir'];

export interface Vocabulary {
  words: string[];
  /** True label index of each word, -1 for words that are not entities. */
  entity: Int8Array;
  /** Cumulative Zipf weights, for sampling by rank. */
  cumulative: Float64Array;
}

export function vocabulary(): Vocabulary {
  const r = mulberry32(SYNTHETIC.seed);
  const words: string[] = [];
  const seen = new Set<string>();
  while (words.length < SYNTHETIC.vocab) {
    let w = '';
    for (let i = 0, n = 2 + Math.floor(r() * 3); i < n; i++) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  const entity = new Int8Array(SYNTHETIC.vocab).fill(-1);
  for (let i = 100; i < SYNTHETIC.vocab; i++) if (r() < 0.4) entity[i] = Math.floor(r() * SYNTHETIC.labels);
  const cumulative = new Float64Array(SYNTHETIC.vocab);
  let s = 0;
  for (let i = 0; i < SYNTHETIC.vocab; i++) cumulative[i] = s += 1 / (i + 1);
  return { words, entity, cumulative };
}

function zipf(v: Vocabulary, r: () => number): number {
  const x = r() * v.cumulative[v.cumulative.length - 1]!;
  let lo = 0;
  let hi = v.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v.cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The rules: 1–3 word alternations over ranks 200–20,000 (log-uniform), 85% on entity words. */
export function syntheticRules(v: Vocabulary): Rule[] {
  const r = mulberry32(SYNTHETIC.seed + 1);
  const rank = () => Math.min(SYNTHETIC.vocab - 1, 200 + Math.floor(Math.exp(r() * Math.log(SYNTHETIC.vocab))));
  const rules: Rule[] = [];
  for (let i = 0; i < SYNTHETIC.rules; i++) {
    const alts: number[] = [];
    for (let j = 0, k = 1 + Math.floor(r() * 3); j < k; j++) {
      let w = rank();
      if (r() < 0.85) while (v.entity[w]! < 0) w = rank();
      alts.push(w);
    }
    const truth = v.entity[alts[0]!]!;
    const label = truth >= 0 && r() < 0.85 ? truth : Math.floor(r() * SYNTHETIC.labels);
    rules.push(
      Rule.parse({
        id: `syn-${String(i).padStart(4, '0')}`,
        name: `synthetic ${i}`,
        format: 'regex',
        pattern: `\\b(?:${alts.map((w) => v.words[w]).join('|')})\\b`,
        output: { label: `L${label}` },
        priority: Math.floor(r() * 3),
        confidence: Math.round(r() * 10) / 10,
      }),
    );
  }
  return rules;
}

/** Documents `from`..`to` (exclusive), each from its own seed. */
export function syntheticDocs(v: Vocabulary, from: number, to: number): Example[] {
  const out: Example[] = [];
  for (let d = from; d < to; d++) {
    const r = mulberry32(Math.imul(d + 1, 0x9e3779b1) ^ SYNTHETIC.seed);
    const parts: string[] = [];
    const spans: NonNullable<Example['spans']> = [];
    let at = 0;
    for (let i = 0, n = 8 + Math.floor(r() * 17); i < n; i++) {
      const w = zipf(v, r);
      const word = v.words[w]!;
      if (i > 0) at += 1;
      if (v.entity[w]! >= 0) spans.push({ start: at, end: at + word.length, label: `L${v.entity[w]}` });
      parts.push(word);
      at += word.length;
    }
    out.push({ id: `s${d}`, text: parts.join(' '), spans, split: 'dev', source: 'gold' });
  }
  return out;
}
