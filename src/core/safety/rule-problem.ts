// Apart from check-rule.ts so that errors.ts can name a rule's problems without importing the
// checker, which itself throws RulewrightError (the two imported each other).

export type ProblemCode = 'empty_pattern' | 'too_large' | 'invalid' | 'missing_group' | 'catch_all' | 'redos' | 'redos_unknown' | 'broad';

export interface RuleProblem {
  /** A `ProblemCode`, or the code of a flag the rule already carried (e.g. `no_output_template`). */
  code: ProblemCode | (string & {});
  severity: 'reject' | 'flag';
  message: string;
}
