import type { ExecutionIssue } from '../core/engine/executor.js';
import type { ExampleScore } from '../core/eval/types.js';
import type { VerdictIssue } from '../core/matchers/types.js';

// What the pipeline could not do, said so that no figure is read without it: rules that did not
// compile, ran out of time or failed, and pairs a matcher could not judge.

/** A pair a matcher could not judge (see `Verdict.issue`), with its example: what runs report. */
export interface MatcherIssueRecord {
  kind: `matcher_${VerdictIssue}`;
  /** The example's id and its index among the examples scored. */
  doc_id: string;
  doc_index: number;
  field: string;
  matcher: string;
  /** The matcher's verdict reason. */
  reason: string;
  /** The reason with the example and field, as issue lists print it. */
  message: string;
}

/** The pairs matchers could not judge, example by example; `docOffset` is the index of `scores[0]` (batches). */
export function matcherIssues(scores: readonly ExampleScore[], docOffset = 0): MatcherIssueRecord[] {
  const out: MatcherIssueRecord[] = [];
  scores.forEach((s, i) => {
    const d = docOffset + i;
    for (const i of s.matcher_issues ?? [])
      out.push({
        kind: `matcher_${i.issue}`,
        doc_id: s.id,
        doc_index: d,
        field: i.field,
        matcher: i.matcher,
        reason: i.reason,
        message: `${i.matcher} matcher on example ${s.id}, field ${i.field}: ${i.reason}`,
      });
  });
  return out;
}

const MATCHER_ISSUE_WHAT: Record<VerdictIssue, string> = {
  timeout: 'ran out of its time budget',
  refused: 'was refused by the ReDoS screen',
  invalid: 'had a pattern that does not compile',
};

/** Notes on pairs matchers could not judge: which matcher, how many, where (example and field). */
export function matcherIssueNotes(list: readonly MatcherIssueRecord[]): string[] {
  const groups = new Map<string, MatcherIssueRecord[]>();
  for (const i of list) {
    const k = `${i.matcher}\u0000${i.kind}`;
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  }
  return [...groups.values()].map((g) => {
    const first = g[0]!;
    const what = MATCHER_ISSUE_WHAT[first.kind.slice('matcher_'.length) as VerdictIssue];
    const where = g.slice(0, 3).map((i) => `example ${i.doc_id}, field ${i.field}`).join('; ') + (g.length > 3 ? '; …' : '');
    return (
      `the ${first.matcher} matcher ${what} on ${g.length} value${g.length === 1 ? '' : 's'} (${where}); ` +
      `counted as not matching: ${first.reason}`
    );
  });
}

/** Notes on execution problems: what was dropped, so a number is never read without it. */
export function issueNotes(issues: readonly ExecutionIssue[]): string[] {
  const notes: string[] = [];
  const invalid = issues.filter((i) => i.kind === 'invalid');
  if (invalid.length)
    notes.push(`${invalid.length} rule${invalid.length === 1 ? '' : 's'} could not be compiled and did not run: ${invalid.map((i) => i.rule_id).join(', ')}`);
  for (const kind of ['timeout', 'error'] as const) {
    const list = issues.filter((i) => i.kind === kind);
    if (!list.length) continue;
    const rules = new Set(list.map((i) => i.rule_id));
    // One issue per (rule, document) pair: the documents are counted once however many rules hit them.
    const docs = new Set(list.map((i) => i.doc_index)).size;
    const what = kind === 'timeout' ? `ran out of ${rules.size === 1 ? 'its' : 'their'} time budget` : 'failed';
    const pairs = list.length === docs ? '' : ` (${list.length} rule-document pairs)`;
    notes.push(
      `${rules.size} rule${rules.size === 1 ? '' : 's'} ${what} on ${docs} document${docs === 1 ? '' : 's'}${pairs} ` +
        `(${[...rules].slice(0, 5).join(', ')}${rules.size > 5 ? ', …' : ''}); their matches there were dropped, so recall may be understated`,
    );
  }
  return notes;
}
