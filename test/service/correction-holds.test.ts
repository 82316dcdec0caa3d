import { describe, expect, test } from 'vitest';
import { PatternScreen } from '../../src/core/matchers/pattern-screen.js';
import { Correction } from '../../src/core/schemas/correction.js';
import { Rule } from '../../src/core/schemas/rule.js';
import { checkCorrections, checkCorrectionsNow } from '../../src/service/correction-holds.js';
import { MatcherIssueLog } from '../../src/service/matcher-issue-log.js';
import { makeTask } from '../helpers/temp.js';

// Expected values used as patterns (`regex` matcher with no pattern of its own). `(a+)+$` matches
// the rules' "aaaa" at once if it runs, so only the ReDoS screen makes c1 not hold.
const task = makeTask({ type: 'transformation', matching: { matchers: { code: 'regex' } } });
const correction = (id: string, code: string) =>
  Correction.parse({ id, input: { text: 'code: aaaa' }, produced: { output: {} }, expected: { output: { code } }, created_at: '2026-01-01T00:00:00Z' });
const corrections = [correction('c1', '(a+)+$'), correction('c2', 'a+')];
const rules = [Rule.parse({ id: 'code', name: 'code', format: 'regex', pattern: 'a+', output: { label: 'code' } })];

describe('whether corrections hold, under the ReDoS screen', () => {
  test('checkCorrections refuses an exponential expected pattern and logs the example the correction became, and the field', async () => {
    const log = new MatcherIssueLog();
    const patterns = new PatternScreen();
    const { checks } = await checkCorrections(task, rules, corrections, { ctx: { patterns }, log });
    expect(checks.map((c) => [c.id, c.holds])).toEqual([
      ['c1', false],
      ['c2', true],
    ]);
    expect(log.issues).toEqual([expect.objectContaining({ kind: 'matcher_refused', doc_id: 'correction-c1', field: 'code', matcher: 'regex' })]);
    expect(log.notes()).toEqual([expect.stringMatching(/^the regex matcher was refused by the ReDoS screen on 1 value \(example correction-c1, field code\)/)]);
    expect(patterns.lookup('^(?:(a+)+$)$', '')).toMatchObject({ refused: true });
  });

  test('checkCorrectionsNow (listings) refuses it too, with the screen’s static part', () => {
    const { checks } = checkCorrectionsNow(task, rules, corrections);
    expect(checks.map((c) => [c.id, c.holds])).toEqual([
      ['c1', false],
      ['c2', true],
    ]);
  });
});

describe('the matcher issue log of a run', () => {
  test('keeps each example, field, matcher and kind once, however many evaluations meet it', () => {
    const log = new MatcherIssueLog();
    const issue = { field: 'code', matcher: 'regex', issue: 'refused' as const, reason: 'refused' };
    const score = (id: string) => ({ id, matcher_issues: [issue] }) as unknown as Parameters<MatcherIssueLog['add']>[0][number];
    log.add([score('r1'), score('r2')]);
    log.add([score('r1')]);
    expect(log.issues.map((i) => i.doc_id)).toEqual(['r1', 'r2']);
    expect(log.notes()).toEqual([expect.stringMatching(/on 2 values \(example r1, field code; example r2, field code\)/)]);
  });
});
