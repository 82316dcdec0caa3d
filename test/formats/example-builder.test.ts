import { describe, expect, test } from 'vitest';
import { Example } from '../../src/core/schemas/example.js';
import { ExampleBuilder, badInput } from '../../src/formats/example-builder.js';
import { errorOf } from './helpers.js';

const builder = (opts: Partial<ConstructorParameters<typeof ExampleBuilder>[0]> = {}) => new ExampleBuilder({ format: 'jsonl', hint: 'fix it', ...opts });

describe('ExampleBuilder', () => {
  test.each([
    ['classification', [{ id: 'a', text: 'x', label: 'b' }, { id: 'b', text: 'y', label: null, truth: { label: 'a' } }], ['a', 'b']],
    ['ner', [{ id: 'a', text: 'xyz', spans: [{ start: 0, end: 1, label: 'Z' }], truth: { spans: [{ start: 1, end: 2, label: 'A' }] } }], ['A', 'Z']],
    ['transformation', [{ id: 'a', input: { text: 'x' }, output: { total: '1', date: 'd' } }, { id: 'b', input: {}, output: { company: 'c' } }], ['company', 'date', 'total']],
  ] as const)('collects sorted labels for %s', (type, rows, labels) => {
    const b = builder();
    for (const r of rows) b.add(structuredClone(r) as Record<string, unknown>, 'f:1');
    expect(b.finish(type).labels).toEqual(labels);
  });

  test('forceSource overrides the row and the option; idPrefix prefixes generated ids', () => {
    const b = builder({ source: 'gold', forceSource: 'observed', idPrefix: 'p-' });
    const ex = b.add({ id: b.genId('o1'), text: 'x', label: 'l', source: 'gold' }, 'f:1');
    expect([ex.id, ex.source]).toEqual(['p-o1', 'observed']);
  });

  test('the location of a row is only computed when an error needs it', () => {
    const b = builder();
    let computed = 0;
    const where = () => {
      computed++;
      return 'f.json:7';
    };
    b.add({ id: 'a', text: 'x' }, where);
    expect(computed).toBe(0);
    expect(errorOf(() => b.add({ id: 'a', text: 'y' }, 'f.json:9'))).toBe('f.json:9: duplicate id "a" (first used at f.json:7); ids must be unique within a file');
    expect(computed).toBe(1);
  });

  test('spans without a text are an error', () => {
    expect(errorOf(() => builder().add({ id: 'a', input: {}, spans: [{ start: 0, end: 1, label: 'X' }] }, 'f:3'))).toBe('f:3: spans need a "text" to point into; add the example\'s text');
  });

  test('badInput formats FILE:LINE: message', () => {
    const e = badInput(() => 'x.csv:4', 'what; how');
    expect([e.code, e.message, e.exitCode]).toEqual(['BAD_INPUT', 'x.csv:4: what; how', 2]);
  });

  test('short rows come out exactly as the schema makes them, and unusual ones still get its errors', () => {
    const rows: Record<string, unknown>[] = [
      { id: 'a', text: 'x', label: 'b' },
      { label: null, text: 'x', id: 'b', split: 'dev' },
      { source: 'correction', id: 'c' },
      { id: 'd', text: '', label: '' },
    ];
    for (const r of rows) {
      const out = builder().add(structuredClone(r), 'f:1');
      const want = Example.parse(r);
      expect(out).toEqual(want);
      expect(Object.keys(out)).toEqual(Object.keys(want));
    }
    const bad: [Record<string, unknown>, string][] = [
      [{ id: '', text: 'x' }, 'id: Too small'],
      [{ id: 'a', text: 1 }, 'text: Invalid input'],
      [{ id: 'a', text: 'x', label: 2 }, 'label: Invalid input'],
      [{ id: 'a', text: 'x', split: 'val' }, 'split: Invalid option'],
      [{ id: 'a', text: 'x', lable: 'y' }, 'unknown key "lable"'],
      [{ id: 'a', text: undefined, label: 'y' }, ''],
    ];
    for (const [r, msg] of bad) {
      const parsed = Example.safeParse(r);
      if (parsed.success) expect(builder().add(structuredClone(r), 'f:1')).toEqual(parsed.data);
      else expect(errorOf(() => builder().add(structuredClone(r), 'f:3'))).toContain(`f:3: invalid example: ${msg}`);
    }
  });
});
