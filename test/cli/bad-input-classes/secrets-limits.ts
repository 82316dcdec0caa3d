import { Example } from '../../../src/core/schemas/example.js';
import { Task } from '../../../src/core/schemas/task.js';
import { Store } from '../../../src/store/index.js';
import { rule } from '../../helpers/rules.js';
import type { BadInput } from './types.js';

/**
 * A transformation workspace whose field `total` is compared by user matchers, as a file's bytes:
 * the table's seeded workspace is a classification task, which compares labels with no matcher.
 */
function matcherWorkspace(matching: { matchers?: Record<string, string>; default_matcher?: string }): Buffer {
  const store = Store.open(':memory:');
  const d = store.datasets.insert(Task.parse({ name: 'receipts', type: 'transformation', matching }));
  const rows = ['12', '13'].map((n) => Example.parse({ id: `r${n}`, input: { text: `total ${n}` }, output: { total: n } }));
  store.transaction(() => store.examples.insertMany(d.id, rows));
  store.rules.insert(d.id, rule('total', 'total (\\d+)', 'total', { group: '$1' }));
  const image = store.db.serialize();
  store.close();
  return image;
}

const THROWING = 'export const matchers = { boomy: () => { throw new Error("boom"); }, later: async () => { throw new Error("later boom"); } };\n';
const ruleset = (budget: unknown) => JSON.stringify({ rulewright: 1, task: { name: 't', type: 'ner', matching: { rule_budget_ms: budget } }, rules: [] });
const BUDGET_RANGE = 'must be from 1 to 10,000 ms per rule per document';

/** Limits that must be limits, and a user's matcher module that throws; each row runs through the shared table in bad-input.test.ts. */
export const SECRETS_LIMITS_CLASSES: BadInput[] = [
  { what: 'a rule budget of 2^32 ms', bin: true, args: ['task', 'set', '--rule-budget-ms', '4294967296'], code: 2, fragment: `--rule-budget-ms ${BUDGET_RANGE}`, fix: ['task', 'set', '--rule-budget-ms', '10000'] },
  { what: 'a rule budget of 1e308 ms', args: ['task', 'set', '--rule-budget-ms', '1e308'], code: 2, fragment: `--rule-budget-ms ${BUDGET_RANGE}` },
  { what: 'a rule budget under 1 ms', args: ['task', 'set', '--rule-budget-ms', '0.5'], code: 2, fragment: `--rule-budget-ms ${BUDGET_RANGE}` },
  { what: 'a rule budget that is not a number', args: ['task', 'set', '--rule-budget-ms', 'fast'], code: 2, fragment: '--rule-budget-ms must be a number of milliseconds from 1 to 10,000' },
  { what: 'a learn --budget of 0 seconds', args: ['learn', '--offline', '--budget', '0'], code: 2, fragment: '--budget must be whole seconds from 1 to 86,400 (a day)' },
  { what: 'a learn --budget past a day', args: ['learn', '--offline', '--budget', '1000000000'], code: 2, fragment: '--budget must be whole seconds from 1 to 86,400 (a day)', fix: ['learn', '--offline', '--budget', '30'] },
  {
    what: 'a ruleset file whose rule budget is not a number',
    files: { 'rules.json': ruleset('fast'), 'docs.txt': 'a document\n' },
    args: ['extract', '--rules', 'rules.json', '--input', 'docs.txt'],
    code: 2,
    fragment: "rules.json: the ruleset's task is not valid (must be a number of milliseconds from 1 to 10,000 ms per rule per document)",
  },
  {
    what: 'a matcher module that throws',
    bin: true,
    files: { 'm.mjs': THROWING, 't.db': matcherWorkspace({ matchers: { total: 'boomy' } }) },
    args: ['eval', '--matchers', 'm.mjs', '--db', 't.db'],
    code: 2,
    fragment: /m\.mjs: matcher "boomy" threw on task\.matching\.matchers\.total \(gold "1[23]", predicted "1[23]"\): boom; fix the module, or compare "total" with another matcher: `rulewright task set --matcher total=exact --db t\.db`$/,
    fix: ['task', 'set', '--matcher', 'total=exact', '--db', 't.db'],
  },
  {
    what: 'a matcher module whose async matcher rejects',
    files: { 'm.mjs': THROWING, 't.db': matcherWorkspace({ default_matcher: 'later' }) },
    args: ['metrics', '--matchers', 'm.mjs', '--db', 't.db'],
    code: 2,
    fragment: 'm.mjs: matcher "later" threw on task.matching.default_matcher (for "total")',
  },
];
