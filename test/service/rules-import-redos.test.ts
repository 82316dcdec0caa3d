import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { writeRulesetFile } from '../../src/core/rulesets/rulewright-file.js';
import { Rule } from '../../src/core/schemas/rule.js';
import { Workspace } from '../../src/service/index.js';
import { useTempDir } from '../helpers/temp.js';

/** Patterns that backtrack exponentially (each in both dialects). */
const CATASTROPHIC = [
  '^(a+)+$',
  '(a|a)*b',
  '(\\w+\\s?)+$',
  '(a*)*$',
  '(a|aa)+$',
  '(x+x+)+y',
  '(\\d+)*x',
  '^(\\w+\\s?)*$',
  '(.*a){12}',
  '(a+)+b',
  '([a-z]+)*=',
  '(\\s*\\w+)*$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(\\w+)*@',
  '(?:a|a?)+$',
  '(\\d|\\d\\d)+x',
  '(?:[a-z]|[a-c])+!',
  '((ab)*)+c',
  '(?i)\\b(?:[a-z]+\\s?)+\\d',
  '(\\w+\\s*)+:',
  '(a+|b+)*c',
  '([^,]+,?)+;',
  '(?:\\S+\\s*)+\\$',
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
];

const GOOD = '\\bAnn\\b';

/** The patterns as a RuleChef ruleset (Python dialect) or a rulewright one (JS dialect). */
function rulesetText(format: 'rulechef' | 'rulewright'): string {
  const patterns = [GOOD, ...CATASTROPHIC];
  if (format === 'rulechef')
    return JSON.stringify({
      rules: patterns.map((content, i) => ({
        name: `p${i}`,
        format: 'regex',
        content,
        output_template: { text: '$0', start: '$start', end: '$end', type: 'PER' },
        output_key: 'entities',
      })),
    });
  return writeRulesetFile(patterns.map((pattern, i) => Rule.parse({ id: `p${i}`, name: `p${i}`, format: 'regex', pattern: pattern.replace('(?i)', ''), flags: pattern.startsWith('(?i)') ? 'i' : '', output: { label: 'PER' } })));
}

describe('importing catastrophic rules', () => {
  const tmp = useTempDir();
  const open = () => {
    const ws = Workspace.open({ db: tmp.path('w.db'), create: true });
    ws.createDataset({ name: 'd', type: 'ner', labels: ['PER'] });
    return ws;
  };

  test('the table holds at least 20 patterns', () => {
    expect(CATASTROPHIC.length).toBeGreaterThanOrEqual(20);
  });

  test.each(['rulechef', 'rulewright'] as const)('%s format: none becomes active; each is stored rejected with the reason; the good rule imports', async (format) => {
    writeFileSync(tmp.path('rules.json'), rulesetText(format));
    const ws = open();
    const r = await ws.dataset().importRules(tmp.path('rules.json'));
    expect(r.rules).toBe(CATASTROPHIC.length + 1);
    expect(r.active).toBe(1);
    const rules = ws.dataset().listRules().rules;
    const byName = new Map(rules.map((x) => [x.name, x]));
    expect(byName.get('p0')!.status).toBe('active');
    for (let i = 1; i <= CATASTROPHIC.length; i++) {
      const rule = ws.dataset().showRule(`${byName.get(`p${i}`)!.id}`).rule;
      expect([CATASTROPHIC[i - 1], rule.status]).toEqual([CATASTROPHIC[i - 1], 'rejected']);
      expect(rule.rejection).toMatch(/catastrophically|matches every one/);
    }
    expect(r.rejected).toHaveLength(CATASTROPHIC.length);
    ws.close();
  });

  test.each(['rulechef', 'rulewright'] as const)('%s format with allowFlagged keeps them active, flagged', async (format) => {
    writeFileSync(tmp.path('rules.json'), rulesetText(format));
    const ws = open();
    const r = await ws.dataset().importRules(tmp.path('rules.json'), { allowFlagged: true });
    const redos = r.flagged.filter((f) => f.problems.some((p) => p.code === 'redos'));
    // Only a catch-all (which matches empty text everywhere) is still rejected.
    expect(r.rejected.every((x) => x.problems.every((p) => p.code === 'catch_all'))).toBe(true);
    expect(redos.length + r.rejected.length).toBe(CATASTROPHIC.length);
    expect(r.active).toBe(1 + redos.length);
    ws.close();
  });
});
