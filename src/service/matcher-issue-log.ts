import type { ExampleScore } from '../core/eval/types.js';
import { matcherIssueNotes, matcherIssues, type MatcherIssueRecord } from './pipeline-issues.js';

/**
 * The pairs matchers could not judge over a whole learn run (every evaluation, every correction
 * check), each (example, field, matcher, kind) once: a run reports them as `eval` does, by
 * example and field, however many candidate rulesets met them.
 */
export class MatcherIssueLog {
  readonly #seen = new Map<string, MatcherIssueRecord>();

  add(scores: readonly ExampleScore[]): MatcherIssueRecord[] {
    const list = matcherIssues(scores);
    for (const i of list) {
      const k = [i.doc_id, i.field, i.matcher, i.kind].join('\u0000');
      if (!this.#seen.has(k)) this.#seen.set(k, i);
    }
    return list;
  }

  get issues(): MatcherIssueRecord[] {
    return [...this.#seen.values()];
  }

  notes(): string[] {
    return matcherIssueNotes(this.issues);
  }
}
