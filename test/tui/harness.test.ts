import { basename, dirname, join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { useTemplateWorkspace } from './harness.js';

describe('the template workspace', () => {
  const tmp = useTemplateWorkspace(async (ws) => ws.createDataset({ name: 'harness', type: 'ner' }));

  test('is built in the temp folder of this run alone, and each test gets its own copy', () => {
    const runDir = inject('runDir');
    // mkdtemp's random tail: no other run on the machine shares (or cleans up) this folder.
    expect(basename(runDir)).toMatch(/^rulewright-run-\w{6}$/);
    expect(dirname(dirname(tmp.template()))).toBe(join(runDir, 'tui-templates'));
    const ws = tmp.open();
    expect(ws.listDatasets().map((d) => d.name)).toEqual(['harness']);
    expect(tmp.path('w.db')).not.toBe(tmp.template());
  });
});
