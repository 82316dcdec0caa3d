import { describe, expect, test } from 'vitest';
import { clearCompileCache } from '../../src/core/engine/compile-rule.js';
import { clearPatternCache } from '../../src/core/regex/compile.js';
import { TRANSLATION_REVISION } from '../../src/core/regex/python/translation-record.js';
import { Example } from '../../src/core/schemas/example.js';
import { Task } from '../../src/core/schemas/task.js';
import { datasetContext } from '../../src/service/dataset-context.js';
import { runPipeline } from '../../src/service/pipeline.js';
import { Store } from '../../src/store/index.js';
import { rule } from '../helpers/rules.js';
import { useTempDir } from '../helpers/temp.js';

const ROWS = [
  { id: 'a', text: 'my card is lost', label: 'lost_card', split: 'test' },
  { id: 'b', text: 'refund me please', label: 'refund', split: 'test' },
  { id: 'c', text: 'Карта card потеряна', label: 'lost_card', split: 'test' },
];

function workspace(path: string): Store {
  const store = Store.open(path, { create: true });
  const d = store.datasets.insert(Task.parse({ name: 'intents', type: 'classification', labels: ['lost_card', 'refund'] }));
  store.transaction(() => store.examples.insertMany(d.id, ROWS.map((r) => Example.parse(r))));
  store.rules.insert(d.id, rule('lost', '\\bcard\\w*\\b', 'lost_card', { dialect: 'python', flags: 'i' }));
  store.rules.insert(d.id, rule('refund', '(?i)refund\\s+me', 'refund', { dialect: 'python' }));
  store.rules.insert(d.id, rule('js', '\\bplease\\b', 'refund'));
  return store;
}

/** A process starting cold: nothing compiled yet. */
const coldStart = () => {
  clearCompileCache();
  clearPatternCache();
};

describe('the pipeline keeps Python-dialect translations in the workspace', () => {
  const tmp = useTempDir();

  test('the first run keeps one translation per Python pattern; a cold run reads them and reports the same', async () => {
    const store = workspace(tmp.path('w.db'));
    coldStart();
    const first = await runPipeline(datasetContext(store));
    const wanted = [
      { pattern: '\\bcard\\w*\\b', flags: 'i' },
      { pattern: '(?i)refund\\s+me', flags: '' },
      { pattern: '\\bplease\\b', flags: '' },
    ];
    expect(store.translations.get(TRANSLATION_REVISION, wanted).map((k) => k.pattern).sort()).toEqual(['(?i)refund\\s+me', '\\bcard\\w*\\b']);
    coldStart();
    const second = await runPipeline(datasetContext(store));
    expect(second.report).toEqual(first.report);
    expect(second.predictions).toEqual(first.predictions);
    store.close();
  });

  test('a cold run compiles what the workspace kept for ASCII text, and translates afresh for other text', async () => {
    const store = workspace(tmp.path('w.db'));
    coldStart();
    await runPipeline(datasetContext(store));
    const [kept] = store.translations.get(TRANSLATION_REVISION, [{ pattern: '\\bcard\\w*\\b', flags: 'i' }]);
    // A kept translation that says something else shows which one the compiler used.
    store.translations.put(TRANSLATION_REVISION, [{ ...kept!, translation: { ...kept!.translation, ascii_source: 'zzz' } }]);
    coldStart();
    const run = await runPipeline(datasetContext(store));
    expect(run.predictions.map((p) => p.label ?? null)).toEqual([null, 'refund', 'lost_card']);
    coldStart();
    store.close();
  });
});
