import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { datasetContext } from '../../src/service/dataset-context.js';
import { Workspace } from '../../src/service/index.js';
import { gatherReportData } from '../../src/service/report.js';
import { useTempDir } from '../helpers/temp.js';

const ROWS = [
  { id: 't1', text: 'Ann met Bob in Paris', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 15, end: 20, label: 'LOC' }], split: 'train' },
  { id: 'x1', text: 'Ann is in Rome', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 10, end: 14, label: 'LOC' }], split: 'test' },
  { id: 'x2', text: 'Cyd and Dee went to Oslo', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 8, end: 11, label: 'PER' }, { start: 20, end: 24, label: 'LOC' }], split: 'test' },
  { id: 'x3', text: 'Bob likes Paris', spans: [{ start: 0, end: 3, label: 'PER' }, { start: 10, end: 15, label: 'LOC' }], split: 'test' },
];

async function workspace(dir: string): Promise<{ ws: Workspace; cities: string }> {
  const ws = Workspace.open({ db: `${dir}/w.db`, create: true });
  ws.createDataset({ name: 'toy', type: 'ner', labels: ['PER', 'LOC'] });
  writeFileSync(`${dir}/rows.jsonl`, ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
  ws.importFile(`${dir}/rows.jsonl`);
  await ws.dataset().addRule({ name: 'names', pattern: '\\b(?:Ann|Bob)\\b', label: 'PER' });
  const cities = await ws.dataset().addRule({ name: 'cities', pattern: '\\bRome\\b', label: 'LOC' });
  return { ws, cities: cities.rule.id };
}

describe('report: what no rule covers', () => {
  const tmp = useTempDir();

  test('lists the false negatives by label with the counts eval prints', async () => {
    const { ws } = await workspace(tmp.dir());
    try {
      const e = await ws.dataset().evaluate();
      const data = await gatherReportData(datasetContext(ws.store));
      const u = data.uncovered!;
      expect(u.fn).toBe(e.micro.fn);
      for (const l of u.labels) expect(l.fn).toBe(e.per_class[l.label]!.fn);
      const per = u.labels.find((l) => l.label === 'PER')!;
      expect(per.items.map((i) => i.text).sort()).toEqual(['Cyd', 'Dee']);
      expect(per.missed).toBe(2);
      expect(per.shapes).toEqual([['Xxx', 2]]);
      const loc = u.labels.find((l) => l.label === 'LOC')!;
      expect(loc.items.map((i) => [i.example_id, i.before, i.text, i.after])).toEqual([
        ['x2', 'Cyd and Dee went to ', 'Oslo', ''],
        ['x3', 'Bob likes ', 'Paris', ''],
      ]);
    } finally {
      ws.close();
    }
  });
});

describe('report --compare: what changed', () => {
  const tmp = useTempDir();

  test('after a rule edit: the edited pattern, the examples it fixed, the F1 change', async () => {
    const { ws, cities } = await workspace(tmp.dir());
    try {
      const before = await ws.dataset().evaluate();
      await ws.dataset().editRule(cities, { pattern: '\\b(?:Rome|Paris)\\b' });
      await ws.dataset().addRule({ name: 'more names', pattern: '\\bCyd\\b', label: 'PER' });
      const data = await gatherReportData(datasetContext(ws.store), { compare: 'last' });
      const d = data.diff!;
      expect(d.run_id).toBe(before.run_id);
      expect(d.rules_exact).toBe(true);
      expect(d.edited.map((r) => [r.id, r.before, r.pattern, r.changes])).toEqual([[cities, '\\bRome\\b', '\\b(?:Rome|Paris)\\b', ['pattern']]]);
      expect(d.added.map((r) => r.name)).toEqual(['more names']);
      expect(d.removed).toEqual([]);
      expect(d.fixed.map((x) => x.id).sort()).toEqual(['x2', 'x3']);
      expect(d.fixed_n).toBe(2);
      expect(d.broken).toEqual([]);
      expect(d.f1_before).toBe(before.micro.f1);
      expect(d.f1_now).toBe(data.evaluation.micro.f1);
      expect(d.f1_now!).toBeGreaterThan(d.f1_before!);
    } finally {
      ws.close();
    }
  });

  test('a rule disabled since the run is listed as removed, and a bad run id says how to list runs', async () => {
    const { ws, cities } = await workspace(tmp.dir());
    try {
      await ws.dataset().evaluate();
      await ws.dataset().setRuleStatus(cities, 'disabled');
      const data = await gatherReportData(datasetContext(ws.store), { compare: 'last' });
      expect(data.diff!.removed.map((r) => r.name)).toEqual(['cities']);
      expect(data.diff!.broken.map((x) => x.id)).toEqual(['x1']);
      await expect(gatherReportData(datasetContext(ws.store), { compare: 999 })).rejects.toThrow(/runs list|999/);
    } finally {
      ws.close();
    }
  });
});

describe('report: highlights that point at the trigger', () => {
  const tmp = useTempDir();

  test('classification samples are centred on the words the rule matched; misses highlight nothing', async () => {
    const dir = tmp.dir();
    const ws = Workspace.open({ db: `${dir}/w.db`, create: true });
    try {
      ws.createDataset({ name: 'q', type: 'classification', labels: ['refund', 'other'] });
      const rows = [
        { id: 'q1', text: 'hello there, I would like a refund for my order please', label: 'refund' },
        { id: 'q2', text: 'where is my parcel, it has not arrived', label: 'other' },
        { id: 'q3', text: 'money back now', label: 'refund' },
        { id: 'q4', text: 'please refund the delivery fee of my parcel', label: 'other' },
      ];
      writeFileSync(`${dir}/rows.jsonl`, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
      ws.importFile(`${dir}/rows.jsonl`);
      await ws.dataset().addRule({ name: 'refund word', pattern: '\\brefund\\b', label: 'refund' });
      const data = await gatherReportData(datasetContext(ws.store));
      const m = data.rules[0]!.metrics!;
      expect(m.samples.tp.map((s) => [s.example_id, s.context.text, s.context.before])).toEqual([['q1', 'refund', 'hello there, I would like a ']]);
      expect(m.samples.tp[0]!.predicted).toMatchObject({ start: 28, end: 34, text: 'refund' });
      expect(m.samples.fp.map((s) => [s.example_id, s.context.text])).toEqual([['q4', 'refund']]);
      expect(m.samples.fn.map((s) => [s.example_id, s.context])).toEqual([['q3', { before: 'money back now', text: '', after: '' }]]);
    } finally {
      ws.close();
    }
  });

  test('a wrong-boundary span sample covers both the gold and the predicted span', async () => {
    const dir = tmp.dir();
    const ws = Workspace.open({ db: `${dir}/w.db`, create: true });
    try {
      ws.createDataset({ name: 's', type: 'ner', labels: ['PER'], mode: 'exact' });
      writeFileSync(`${dir}/rows.jsonl`, JSON.stringify({ id: 's1', text: 'we met Ann Smith today', spans: [{ start: 7, end: 16, label: 'PER' }] }) + '\n');
      ws.importFile(`${dir}/rows.jsonl`);
      await ws.dataset().addRule({ name: 'first names', pattern: '\\bAnn\\b', label: 'PER' });
      const data = await gatherReportData(datasetContext(ws.store), { split: 'all' });
      const fp = data.rules[0]!.metrics!.samples.fp;
      expect(fp.map((s) => s.outcome)).toEqual(['wrong_boundary']);
      expect(fp[0]!.context).toEqual({ before: 'we met ', text: 'Ann Smith', after: ' today' });
    } finally {
      ws.close();
    }
  });
});
