import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { gatherReportData } from '../../src/service/report.js';
import { useTempDir } from '../helpers/temp.js';
import { datasetContext } from '../../src/service/dataset-context.js';

const HOSTILE_TEXT = 'Ann said <script>window.__pwned=1</script> & "hi" to Bob';

const ROWS = [
  { id: 't1', text: 'Ann met Bob in Paris', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 15, end: 20, label: 'LOC' }], split: 'train' },
  { id: 't2', text: 'Cyd flew to Rome', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 12, end: 16, label: 'LOC' }], split: 'train' },
  { id: 'd1', text: HOSTILE_TEXT, spans: [{ start: 0, end: 3, label: 'PER' }, { start: 53, end: 56, label: 'PER' }], split: 'dev' },
  { id: 'd2', text: 'Bob likes Rome and Paris', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 10, end: 14, label: 'LOC' }, { start: 19, end: 24, label: 'LOC' }], split: 'dev' },
  { id: 'd3', text: 'Dee stayed home', spans: [{ start: 0, end: 3, label: 'PER' }], split: 'dev' },
  { id: 'x1', text: 'Ann is in Rome', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 10, end: 14, label: 'LOC' }], split: 'test' },
];

async function workspace(dir: string): Promise<Workspace> {
  const ws = Workspace.open({ db: `${dir}/w.db`, create: true });
  ws.createDataset({ name: 'toy', type: 'ner', labels: ['PER', 'LOC'] });
  writeFileSync(`${dir}/rows.jsonl`, ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
  ws.importFile(`${dir}/rows.jsonl`);
  expect(HOSTILE_TEXT.slice(53, 56)).toBe('Bob');
  await ws.dataset().addRule({ name: 'names <b>', pattern: '\\b(?:Ann|Bob)\\b', label: 'PER', description: 'known <script>alert(1)</script> names' });
  await ws.dataset().addRule({ name: 'capitalised', pattern: '\\b[A-Z][a-z]+\\b', label: 'LOC' });
  await ws.dataset().addRule({ name: 'cities', pattern: '\\b(?:Rome|Paris)\\b', label: 'LOC' });
  await ws.dataset().addRule({ name: 'never', pattern: 'qqqq', label: 'LOC' });
  return ws;
}

describe('report service', () => {
  const tmp = useTempDir();

  test('gathers the evaluation on test and the per-rule figures on dev, as eval and metrics do', async () => {
    const ws = await workspace(tmp.dir());
    try {
      // metrics first: it stamps validated precision, which can reorder the rules.
      const m = await ws.dataset().metrics();
      const evalRun = await ws.dataset().evaluate();
      const data = await gatherReportData(datasetContext(ws.store), { now: new Date('2026-01-01T00:00:00Z') });
      expect(data.evaluation.split).toBe('test');
      expect(data.evaluation.micro).toEqual(evalRun.micro);
      expect(data.measurement.split).toBe('dev');
      expect(data.measurement.f1).toBe(m.f1);
      const byId = new Map(m.rules.map((r) => [r.id, r]));
      for (const r of data.rules) {
        const x = byId.get(r.rule.id)!;
        expect([r.metrics!.tp, r.metrics!.fp, r.metrics!.precision, r.metrics!.marginal_f1]).toEqual([x.tp, x.fp, x.precision, x.marginal_f1]);
      }
      expect(data.rules.find((r) => r.rule.name === 'never')!.metrics!.dead).toBe(true);
      expect(data.generated_at).toBe('2026-01-01T00:00:00.000Z');
      expect(data.learning).toBeNull();
    } finally {
      ws.close();
    }
  });

  test('changes nothing in the workspace: no run recorded, no precision stamped', async () => {
    const ws = await workspace(tmp.dir());
    try {
      const before = JSON.stringify(ws.dataset().listRules());
      await ws.dataset().report({ out: tmp.path('r.html') });
      expect(ws.dataset().listRuns().runs).toEqual([]);
      expect(JSON.stringify(ws.dataset().listRules())).toBe(before);
    } finally {
      ws.close();
    }
  });

  test('writes one HTML file with the dataset text escaped and the counts it reports', async () => {
    const ws = await workspace(tmp.dir());
    try {
      const r = await ws.dataset(undefined, { cwd: tmp.dir() }).report({ out: 'sub/dir/report.html' });
      expect(r.file).toBe(tmp.path('sub/dir/report.html'));
      const html = readFileSync(r.file, 'utf8');
      expect(r.bytes).toBe(Buffer.byteLength(html));
      expect([r.split, r.rules_split, r.rules, r.measured, r.dead, r.learn_run_id]).toEqual(['test', 'dev', 4, 4, 1, null]);
      expect(r.plots).toEqual(['precision-support', 'marginal-f1', 'per-class-f1', 'rules-curve']);
      expect(r.notes).toContain('no learning run yet: the report has no learning curve');
      // The page and its cards (markup in a JSON block, rendered when opened).
      const cards = JSON.parse(/<script type="application\/json" id="report-cards">([\s\S]*?)<\/script>/.exec(html)![1]!) as { cards: Record<string, string> };
      const markup = html.replace(/<script[\s\S]*?<\/script>/g, '') + Object.values(cards.cards).join('');
      expect(markup).not.toContain('<script>window.__pwned');
      expect(markup).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
      expect(markup).toContain('names &lt;b&gt;');
      expect(markup.match(/<article class="card"/g)).toHaveLength(4);
      expect(html).toContain('no learning run yet');
    } finally {
      ws.close();
    }
  });

  test('--split applies to the evaluation and the rules alike', async () => {
    const ws = await workspace(tmp.dir());
    try {
      const r = await ws.dataset().report({ out: tmp.path('r.html'), split: 'all' });
      expect([r.split, r.rules_split, r.n]).toEqual(['all', 'all', 6]);
    } finally {
      ws.close();
    }
  });

  test('plots the latest learn run, and shows rules that do not run without figures', async () => {
    const ws = await workspace(tmp.dir());
    try {
      await ws.dataset().learn({ offline: true, rounds: 1 });
      const learned = ws.dataset().listRuns({ kind: 'learn' }).runs[0]!;
      const never = ws.dataset().listRules().rules.find((r) => r.name === 'never')!;
      await ws.dataset().setRuleStatus(never.id, 'disabled');
      const data = await gatherReportData(datasetContext(ws.store));
      expect(data.learning!.run_id).toBe(learned.id);
      expect(data.learning!.stages.map((s) => s.stage)[0]).toBe('before');
      expect(data.learning!.stages.length).toBeGreaterThanOrEqual(3);
      const off = data.rules.find((r) => r.rule.id === never.id)!;
      expect([off.rule.status, off.metrics]).toEqual(['disabled', null]);
      // The F1-vs-rules curve ends at the whole active list, scored as the report's measurement.
      const curve = data.rule_curve!;
      expect(curve.rules).toBe(data.rules.filter((x) => x.metrics).length);
      expect(curve.points[0]).toMatchObject({ rules: 0, rule_id: null });
      expect(curve.points.at(-1)!.f1).toBe(data.measurement.f1);
      const r = await ws.dataset().report({ out: tmp.path('r.html') });
      expect(r.plots).toContain('learning-curve');
      expect(r.plots).toContain('rules-curve');
      expect(readFileSync(tmp.path('r.html'), 'utf8')).toContain('data-plot="rules-curve"');
      expect(r.learn_run_id).toBe(learned.id);
    } finally {
      ws.close();
    }
  });

  test.each([
    [undefined, { out: '  ' }, /pass --out FILE.html/],
    ['nope', { out: 'x.html', split: 'test' as const }, /nope/],
    [undefined, { out: 'x.html', samples: -1 }, /samples must be a whole number/],
  ])('refuses bad requests: dataset %s, %j', async (dataset, req, message) => {
    const ws = await workspace(tmp.dir());
    try {
      await expect(ws.dataset(dataset, { cwd: tmp.dir() }).report(req)).rejects.toThrow(message);
    } finally {
      ws.close();
    }
  });
});
