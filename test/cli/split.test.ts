import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../../src/core/random.js';
import { useTempDir } from '../helpers/temp.js';
import { json, runCliAt, succeeding, writeJsonl } from './helpers.js';

const WORDS = 'court appeal judge ruled claim held police officer minister council report hearing witness evidence'.split(' ');

/** Four overlapping windows (60 words every 20) of each of `docs` seeded documents, labelled by document. */
function windowRows(docs: number): { id: string; text: string; label: string }[] {
  return Array.from({ length: docs }, (_, d) => {
    const r = mulberry32(d + 1);
    const words = Array.from({ length: 120 }, () => WORDS[Math.floor(r() * WORDS.length)]!);
    return [0, 20, 40, 60].map((s) => ({ id: `doc${d}-w${s}`, text: words.slice(s, s + 60).join(' '), label: d % 2 ? 'uk' : 'other' }));
  }).flat();
}

describe('split', () => {
  const tmp = useTempDir();
  const bin = (...args: string[]) => runCliAt(tmp.dir(), [...args, '--db', tmp.path('w.db')]);
  const ok = succeeding(bin);

  test('says how many groups of near-duplicate texts it kept in one split each, and --json gives the counts', async () => {
    writeJsonl(tmp.path('d.jsonl'), windowRows(10));
    await ok('import', 'd.jsonl', '--name', 'docs');
    const r = await ok('split', '--dev', '0.2', '--test', '0.2', '--seed', '3');
    expect(r.stdout).toContain('10 groups of near-duplicate texts (40 examples) each went to one split');
    const j = json(await ok('split', '--dev', '0.2', '--test', '0.2', '--seed', '3', '--json'));
    expect(j).toMatchObject({ near_duplicates: { groups: 10, examples: 40 }, splits: { train: 24, dev: 8, test: 8 } });
  });
});
