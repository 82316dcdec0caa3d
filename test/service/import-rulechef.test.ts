import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { useTempDir } from '../helpers/temp.js';

const tpl = (type: string) => ({ text: '$0', start: '$start', end: '$end', type });

/** A dataset as RuleChef's `Dataset.to_dict()` saves it. */
const saved = {
  name: 'meds',
  task: { name: 'meds', description: 'drugs', input_schema: { text: 'str' }, output_schema: { entities: 'List[Entity]' }, type: 'ner', matching_mode: 'text', text_field: 'text' },
  description: '',
  examples: [{ id: 'e1', input: { text: 'took Aspirin' }, expected_output: { entities: [{ text: 'Aspirin', start: 5, end: 12, type: 'DRUG' }] }, source: 'human_labeled', confidence: 0.8 }],
  corrections: [
    { id: 'c9', input: { text: 'take Ibuprofen' }, model_output: { entities: [] }, expected_output: { entities: [{ text: 'Ibuprofen', start: 5, end: 14, type: 'DRUG' }] }, feedback: 'missed it' },
  ],
  feedback: ['drugs usually follow a dosage'],
  structured_feedback: [
    { id: 'f1', text: 'too narrow', level: 'rule', target_id: 'r-drug' },
    { id: 'f2', text: 'tricky one', level: 'example', target_id: 'e1' },
  ],
  rules: [
    { id: 'r-drug', name: 'drug', description: '', format: 'regex', content: '(?i)\\baspirin\\b', priority: 5, confidence: 0.5, output_template: tpl('DRUG'), output_key: 'entities' },
    { id: 'r-evil', name: 'evil', description: '', format: 'regex', content: '(a+)+$', priority: 5, confidence: 0.5, output_template: tpl('DRUG'), output_key: 'entities' },
  ],
  version: 1,
};

describe('importing a RuleChef dataset JSON', () => {
  const tmp = useTempDir();

  test('keeps corrections as corrections, feedback as feedback and rules as rules', () => {
    writeFileSync(tmp.path('meds.json'), JSON.stringify(saved, null, 2));
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    const r = ws.importFile(tmp.path('meds.json'), { create: { name: 'meds' } });
    expect(r.format).toBe('rulechef');
    expect(r.rulechef).toMatchObject({ corrections: 1, feedback: 3, rules: 2 });
    expect(r.rulechef!.rejected_rules.map((x) => x.id)).toEqual(['r-evil']);

    const corrections = ws.store.corrections.list(ws.store.datasets.getByName('meds')!.id);
    expect(corrections).toEqual([
      expect.objectContaining({
        id: 'c9',
        text: 'take Ibuprofen',
        produced: { spans: [] },
        expected: { spans: [{ start: 5, end: 14, label: 'DRUG', text: 'Ibuprofen' }] },
        note: 'missed it',
      }),
    ]);
    const ex = ws.store.examples.get(ws.store.datasets.getByName('meds')!.id, 'correction-c9');
    expect(ex).toMatchObject({ source: 'correction', split: 'train', meta: { correction_id: 'c9' } });

    const feedback = ws.store.feedback.list(ws.store.datasets.getByName('meds')!.id);
    expect(feedback.map((f) => [f.level, f.target_id, f.text, f.status])).toEqual([
      ['task', null, 'drugs usually follow a dosage', 'open'],
      ['rule', 'r-drug', 'too narrow', 'open'],
      ['example', 'e1', 'tricky one', 'open'],
    ]);

    const rules = ws.dataset().listRules().rules;
    expect(rules.map((x) => [x.id, x.status])).toEqual([
      ['r-drug', 'active'],
      ['r-evil', 'rejected'],
    ]);
    ws.close();
  });
});
