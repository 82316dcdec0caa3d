/**
 * `echr-long`: a binary classification set of long documents built from real shared text, TAB's
 * 127 ECHR judgments (the PROCEDURE and THE FACTS parts that TAB annotates). Each judgment's
 * opening sentence names the respondent State ("an application ... against the United Kingdom of
 * Great Britain and Northern Ireland lodged ..."); the label of a judgment is `united_kingdom`
 * when that State is the United Kingdom (57 judgments) and `other_state` otherwise (Turkey,
 * Poland, Sweden, Denmark, Norway, Ireland: 70). Learnable from words all through a judgment
 * (courts, officials, currencies, place and person names), not only from the opening sentence.
 *
 * Each judgment is cut into windows of about 2,000 characters, one starting every 80 characters
 * (a window starts after a whitespace and ends before one, so no word is cut; a judgment shorter
 * than a window is one window). Windows of one judgment overlap, so the split is made by
 * JUDGMENT before cutting: 20% of the judgments for test, then 20% of the rest for dev
 * (stratified by label, seed 42), and every window takes its judgment's split: no test window
 * shares text with a train or dev window.
 */
import { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { loadTabDocuments } from './span-sets.js';
import { BENCH_SEED, carve } from './splits.js';
import type { BenchCase } from './types.js';

const WINDOW = 2000;
const STRIDE = 80;
const RESPONDENT = /\bagainst\s+(?:the\s+)?([A-Z][^,(]*?)\s+(?:lodged|\(|,)/;

/** The respondent State named in a judgment's opening, or undefined when none is found. */
function respondentState(text: string): string | undefined {
  return RESPONDENT.exec(text.slice(0, 1500))?.[1]?.trim();
}

/** Windows of about `size` characters starting every `stride`, moved to whitespace so no word is cut. */
export function windows(text: string, size = WINDOW, stride = STRIDE): string[] {
  if (text.length <= size) return [text];
  const out: string[] = [];
  const starts = new Set<number>();
  for (let s = 0; s + size <= text.length + stride - 1; s += stride) {
    let a = Math.min(s, text.length - size);
    if (a > 0) {
      const ws = text.slice(a, a + 200).search(/\s/);
      a = ws >= 0 ? a + ws + 1 : a;
    }
    if (starts.has(a)) continue;
    starts.add(a);
    let b = Math.min(text.length, a + size);
    if (b < text.length) {
      const back = text.slice(a, b).search(/\s\S*$/);
      if (back > size / 2) b = a + back;
    }
    out.push(text.slice(a, b));
  }
  return out;
}

export function loadLongDocuments(): BenchCase {
  const docs = loadTabDocuments().flatMap((e) => {
    const state = respondentState(e.text ?? '');
    return state ? [{ id: e.id, text: e.text ?? '', label: /^United Kingdom/.test(state) ? 'united_kingdom' : 'other_state' }] : [];
  });
  const bySplit = carve(
    docs.map((d) => Example.parse({ id: d.id, text: d.text, label: d.label })),
    0.16,
    0.2,
  );
  const cut = (es: readonly Example[]): Example[] =>
    es.flatMap((e) => windows(e.text ?? '').map((w, i) => Example.parse({ id: `${e.id}-w${i}`, text: w, label: e.label, split: e.split, meta: { judgment: e.id } })));
  const train = cut(bySplit.train);
  const dev = cut(bySplit.dev);
  const test = cut(bySplit.test);
  const task = Task.parse({ name: 'echr-long', type: 'classification', labels: ['other_state', 'united_kingdom'] });
  const mean = Math.round([...train, ...dev, ...test].reduce((n, e) => n + (e.text ?? '').length, 0) / (train.length + dev.length + test.length));
  return {
    name: 'echr-long',
    task,
    train,
    dev,
    test,
    notes: [
      `echr-long: ${docs.length} ECHR judgments (TAB texts) labelled by respondent State (united_kingdom / other_state), cut into ~${WINDOW}-character windows every ${STRIDE} characters (mean ${mean}); split by judgment ${bySplit.train.length}/${bySplit.dev.length}/${bySplit.test.length} (stratified, seed ${BENCH_SEED}) before cutting`,
    ],
  };
}
