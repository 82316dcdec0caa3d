import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { exportedWorkspace, pythonMissing, rayMissing, runPython } from '../helpers/python.js';
import { readSharedRules, RULECHEF_FILES } from '../helpers/rulechef.js';
import { repoRoot, shared, sharedMissing } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';

type Counts = { tp: number; fp: number; fn: number };
interface RunCounts {
  counts: Counts;
  rules: Record<string, Counts>;
}
interface DriverOutput {
  rows: number;
  single: RunCounts;
  same_outputs?: boolean;
  ray?: RunCounts;
}

const DRIVER = join(repoRoot, 'test/python/ray-driver.py');
const CASES = {
  tab: { type: 'ner', ...RULECHEF_FILES.tab },
  banking77: { type: 'classification', ...RULECHEF_FILES.banking77 },
} as const;

/**
 * The case's workspace, `rulewright metrics --split all` on it (no dev split, so nothing is
 * stamped and the order stays), and the Python driver's run over the same gold rows.
 */
async function metricsAndDriver(tmp: ReturnType<typeof useTempDir>, name: keyof typeof CASES, workers: number) {
  const c = CASES[name];
  const gold = shared(c.gold)!;
  const { cli, file, exported } = await exportedWorkspace(tmp, { type: c.type, rules: readSharedRules(c.rules), gold });
  expect(exported.refused).toEqual([]);
  const metrics = await cli('metrics', '--split', 'all', '--json');
  expect(metrics.code).toBe(0);
  const m = JSON.parse(metrics.stdout) as { counts: Counts; rules: (Counts & { id: string })[] };
  const want: RunCounts = { counts: m.counts, rules: Object.fromEntries(m.rules.map((r) => [r.id, { tp: r.tp, fp: r.fp, fn: r.fn }])) };
  // Ray's start-up and two workers on a shared 2-core machine: minutes at worst, never a hang.
  const out = JSON.parse(runPython([DRIVER, file, gold, String(workers)], { timeoutMs: 240_000 })) as DriverOutput;
  return { want, out };
}

describe.skipIf(!!pythonMissing || !!sharedMissing)(`per-rule counts in Python ${pythonMissing ?? sharedMissing ?? ''}`, () => {
  const tmp = useTempDir();

  test.each(['tab', 'banking77'] as const)('%s: every rule alone and the ensemble count what rulewright metrics counts', async (name) => {
    const { want, out } = await metricsAndDriver(tmp, name, 0);
    expect(Object.keys(want.rules).length).toBeGreaterThan(20);
    expect(out.single).toEqual(want);
  });
});

describe.skipIf(!!rayMissing || !!sharedMissing)(`Ray Data on a local cluster ${rayMissing ?? sharedMissing ?? ''}`, () => {
  const tmp = useTempDir();

  test('2 workers give the single-process outputs on TAB and the per-rule counts of rulewright metrics', async () => {
    const { want, out } = await metricsAndDriver(tmp, 'tab', 2);
    expect(out.rows).toBe(127);
    expect(out.same_outputs).toBe(true);
    expect(out.ray).toEqual(want);
    expect(out.single).toEqual(want);
  }, 300_000);
});
