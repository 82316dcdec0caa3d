/**
 * Regenerates `datasets/restaurant8k-sample.jsonl` from the original Restaurant-8k files:
 *
 *   npm run build && node dist/scripts/sample-restaurant8k.js PATH/TO/restaurant8k
 *
 * Train: all 512 examples of `train_4.json` (the 1/16 few-shot training file); test: every 15th
 * example of `test.json` (the 1st, 16th, 31st, …: 249 examples). Offsets are converted from code
 * points to JS string indices by rulewright's own Restaurant-8k importer; ids are the file and the
 * 1-based position in it (`train4-7`, `test-16`); `requestedSlots` is kept as `meta.requested_slots`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRestaurant8k } from '../src/formats/restaurant8k.js';

const TEST_STEP = 15;

function rows(dir: string, file: string, prefix: string, keep: (i: number) => boolean, split: 'train' | 'test'): string[] {
  const data = parseRestaurant8k(readFileSync(join(dir, file), 'utf8'), file);
  const out: string[] = [];
  data.examples.forEach((e, i) => {
    if (!keep(i)) return;
    const spans = (e.spans ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label, text: e.text!.slice(s.start, s.end) }));
    out.push(JSON.stringify({ id: `${prefix}-${i + 1}`, text: e.text, spans, split, ...(e.meta ? { meta: e.meta } : {}) }));
  });
  return out;
}

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node dist/scripts/sample-restaurant8k.js PATH/TO/restaurant8k\n');
  process.exitCode = 2;
} else {
  const lines = [...rows(dir, 'train_4.json', 'train4', () => true, 'train'), ...rows(dir, 'test.json', 'test', (i) => i % TEST_STEP === 0, 'test')];
  const out = join(process.cwd(), 'datasets', 'restaurant8k-sample.jsonl');
  writeFileSync(out, `${lines.join('\n')}\n`);
  process.stdout.write(`wrote ${lines.length} examples to ${out}\n`);
}
