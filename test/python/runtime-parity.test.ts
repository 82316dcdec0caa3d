import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Rule } from '../../src/core/schemas/rule.js';
import { writeJsonl } from '../cli/helpers.js';
import { exportedWorkspace, pythonMissing, runPython } from '../helpers/python.js';
import { readSharedRules, RULECHEF_FILES } from '../helpers/rulechef.js';
import { lexiconRule, rule } from '../helpers/rules.js';
import { shared, sharedMissing } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';

/** `rulewright extract` and the Python runtime over the same documents (see `exportedWorkspace`). */
async function bothRuns(tmp: ReturnType<typeof useTempDir>, type: string, docs: string, rules: readonly Rule[], taskArgs: string[] = []) {
  const { cli, file, exported } = await exportedWorkspace(tmp, { type, rules, taskArgs });
  const extract = await cli('extract', '--input', docs);
  expect(extract.code).toBe(0);
  const parse = (out: string) => out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  return { exported, js: parse(extract.stdout), py: parse(runPython(['-m', 'rulewright_runtime', file, docs])) };
}

/** The rows where the two runs differ (none is the target). */
function differences(js: Record<string, unknown>[], py: Record<string, unknown>[]): number {
  expect(py).toHaveLength(js.length);
  return js.filter((row, i) => JSON.stringify(row) !== JSON.stringify(py[i])).length;
}

const SYNTHETIC_RULES = [
  lexiconRule('lex-places', ['Straße', 'new york', 'C++', '😀x', 'York'], 'LOC'),
  lexiconRule('lex-raw', ['ab', 'abc'], 'LOC', { lexicon: { case_sensitive: true, word_boundary: false } }),
  rule('js-cap', '\\b[A-Z]\\w+\\b', 'NAME', { priority: 1 }),
  rule('js-year', '(?<y>\\d{4})-\\d\\d$', 'YEAR', { flags: 'm', group: 'y' }),
  rule('js-lazy', 'q??u+', 'Q'),
  rule('py-street', '(?i)(\\w+)\\s+street\\b', 'STREET', { dialect: 'python', group: '$1' }),
  rule('py-digits', '\\d+', 'NUM', { dialect: 'python', when: { meta: { lang: 'de' } } }),
  rule('js-control', '\\cA', 'CTRL'),
];

const SYNTHETIC_DOCS = [
  { id: 'a', text: 'Ünïcode 😀x in NEW YORK, STRASSE and straße; c++ fans on Main Street since 1999-12', meta: { lang: 'de' } },
  { id: 'b', text: '😀😀 Grüße aus New Yorkshire: qu quu abcab 2020-01\n1999-02 Oak street' },
  { id: 'c', text: 'nothing here at all, 42 times', meta: { lang: ['en', 'de'] } },
  { id: 'd', text: 'Ωmega Street 𝒜lpha York' },
];

describe.skipIf(!!pythonMissing)(`the Python runtime gives what rulewright extract gives ${pythonMissing ?? ''}`, () => {
  const tmp = useTempDir();

  test.each([
    ['ner', []],
    ['ner', ['--conflict-policy', 'non_overlapping']],
    ['classification', []],
  ] as const)('lexicons, both dialects, groups, conditions and astral offsets (%s %j): 0 differences', async (type, taskArgs) => {
    const docs = writeJsonl(tmp.path('docs.jsonl'), SYNTHETIC_DOCS);
    const { exported, js, py } = await bothRuns(tmp, type, docs, SYNTHETIC_RULES, [...taskArgs]);
    expect(exported.refused.map((r) => r.id)).toEqual(['js-control']);
    expect(exported.refused[0]!.reason).toContain('\\c');
    expect(exported.rules).toBe(SYNTHETIC_RULES.length - 1);
    expect(js.some((r) => JSON.stringify(r).includes('😀x'))).toBe(type === 'ner');
    expect(differences(js, py)).toBe(0);
  });

  test.skipIf(!!sharedMissing)(`TAB's 22 rules on its 127 documents: 0 differences ${sharedMissing ?? ''}`, async () => {
    const { exported, js, py } = await bothRuns(tmp, 'ner', shared(RULECHEF_FILES.tab.gold)!, readSharedRules(RULECHEF_FILES.tab.rules));
    expect(exported).toMatchObject({ rules: 22, refused: [] });
    expect(js).toHaveLength(127);
    expect(js.reduce((n, r) => n + (r.spans as unknown[]).length, 0)).toBeGreaterThan(4000);
    expect(differences(js, py)).toBe(0);
  });

  test.skipIf(!!sharedMissing)(`RuleChef's 126 Banking77 rules on its 200 documents: 0 differences ${sharedMissing ?? ''}`, async () => {
    const gold = shared(RULECHEF_FILES.banking77.gold)!;
    const { exported, js, py } = await bothRuns(tmp, 'classification', gold, readSharedRules(RULECHEF_FILES.banking77.rules));
    expect(exported).toMatchObject({ rules: 126, refused: [] });
    expect(js).toHaveLength(readFileSync(gold, 'utf8').trim().split('\n').length);
    expect(js.filter((r) => r.label !== null).length).toBeGreaterThan(100);
    expect(differences(js, py)).toBe(0);
  });
});
