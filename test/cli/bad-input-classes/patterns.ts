import type { BadInput } from './types.js';

/** Groups nested `n` deep around one character: 2n + 1 characters. */
const nested = (n: number) => `${'('.repeat(n)}a${')'.repeat(n)}`;
/** 10,001 characters, as the hostile user typed it: past the length limit and far past the depth limit. */
const FIVE_THOUSAND = nested(5000);
/** 4,001 characters: within the length limit, far past the depth limit. */
const DEEP = nested(2000);
const MEGABYTE = nested(500_000);
const rulewrightFile = (pattern: string) => JSON.stringify({ rulewright: 1, rules: [{ id: 'deep', name: 'deep', format: 'regex', pattern, output: { label: 'card' } }] });
const rulechefFile = (pattern: string) => JSON.stringify([{ id: 'deep', content: pattern, output_template: { label: 'card' } }]);
const regexMatcher = (pattern: string) => `card=${JSON.stringify({ name: 'regex', options: { pattern } })}`;

/** Pattern limits (length, nesting) on every way a pattern enters, and the ReDoS screen's blind spots. */
export const PATTERNS_CLASSES: BadInput[] = [
  // --- length and nesting, refused before any analyser runs
  { what: 'a pattern of 5,000 nested groups', bin: true, args: ['rules', 'add', '--name', 'deep', '--pattern', FIVE_THOUSAND, '--label', 'card'], code: 2, fragment: 'rule "deep" is rejected: too_large: the pattern is 10,001 characters long, past the limit of 10,000' },
  { what: 'a pattern nested 2,000 groups deep', bin: true, args: ['rules', 'add', '--name', 'deep', '--pattern', DEEP, '--label', 'card', '--dialect', 'python'], code: 2, fragment: 'too_large: the pattern nests groups and classes 2,000 levels deep, past the limit of 50' },
  { what: 'a pattern nested 51 groups deep', args: ['rules', 'add', '--name', 'deep', '--pattern', nested(51), '--label', 'card'], code: 2, fragment: 'the pattern nests groups and classes 51 levels deep, past the limit of 50; remove redundant parentheses' },
  { what: 'a 1 MB pattern of nested groups', args: ['rules', 'add', '--name', 'deep', '--pattern', MEGABYTE, '--label', 'card'], code: 2, fragment: 'the pattern is 1,000,001 characters long, past the limit of 10,000' },
  { what: 'a rule edited to a pattern nested 2,000 groups deep', bin: true, args: ['rules', 'edit', 'card', '--pattern', DEEP], code: 2, fragment: 'rule "card" is rejected: too_large: the pattern nests groups and classes 2,000 levels deep' },
  { what: 'a lexicon term of 2,000 characters', args: ['rules', 'add', '--name', 'lex', '--lexicon', `card,${'x'.repeat(2000)}`, '--label', 'card'], code: 2, fragment: 'too_large: lexicon: term 2 is 2,000 characters long, past the limit of 1,000' },
  { what: 'a ruleset file with a pattern of 5,000 nested groups', bin: true, files: { 'deep.json': rulewrightFile(FIVE_THOUSAND) }, args: ['rules', 'import', 'deep.json'], code: 2, fragment: 'deep.json: rule 1 (deep): the pattern is 10,001 characters long, past the limit of 10,000; split it into several rules or use a lexicon rule for long term lists; nothing was imported' },
  { what: 'a RuleChef ruleset with a pattern nested 2,000 groups deep', bin: true, files: { 'rc.json': rulechefFile(DEEP) }, args: ['rules', 'import', 'rc.json', '--allow-flagged'], code: 2, fragment: 'rc.json: rule 1 (deep): the pattern nests groups and classes 2,000 levels deep, past the limit of 50' },
  { what: 'a RuleChef ruleset with a 1 MB pattern', files: { 'rc.json': rulechefFile(MEGABYTE) }, args: ['rules', 'import', 'rc.json'], code: 2, fragment: 'rc.json: rule 1 (deep): the pattern is 1,000,001 characters long' },
  { what: 'a regex matcher pattern nested 2,000 groups deep', bin: true, args: ['task', 'set', '--matcher', regexMatcher(DEEP)], code: 2, fragment: 'regex matcher: options.pattern: the pattern nests groups and classes 2,000 levels deep, past the limit of 50' },
  { what: 'a regex matcher pattern of 1 MB', args: ['task', 'set', '--matcher', regexMatcher(MEGABYTE)], code: 2, fragment: 'regex matcher: options.pattern: the pattern is 1,000,001 characters long' },
  { what: 'a JSON Schema matcher pattern nested 60 groups deep', args: ['task', 'set', '--matcher', `card=${JSON.stringify({ name: 'schema', options: { json_schema: { type: 'string', pattern: nested(60) } } })}`], code: 2, fragment: 'schema matcher: a pattern of the JSON Schema: the pattern nests groups and classes 60 levels deep' },
  // --- the ReDoS screen's blind spots: a lookbehind is read backwards
  { what: 'a lookbehind with nested repetition', bin: true, args: ['rules', 'add', '--name', 'lb', '--pattern', '(?<=^(a+)+)b', '--label', 'card', '--dialect', 'python'], code: 2, fragment: "redos: the pattern can backtrack catastrophically (exponential); attack string: ' ' + 'a'.repeat(30) + 'a'" },
  { what: 'a lookbehind with overlapping alternatives', args: ['rules', 'add', '--name', 'lb', '--pattern', '(?<=^(a|aa)+)b', '--label', 'card', '--dialect', 'python'], code: 2, fragment: 'redos: the pattern can backtrack catastrophically (exponential)' },
  { what: 'a negative lookbehind with nested repetition', args: ['rules', 'add', '--name', 'lb', '--pattern', '(?<!^(a+)+)b', '--label', 'card'], code: 2, fragment: 'redos: the pattern can backtrack catastrophically (exponential)' },
  { what: 'a matcher pattern with a lookbehind of nested repetition', args: ['task', 'set', '--matcher', regexMatcher('(?<=^(a+)+)b')], code: 2, fragment: 'the ReDoS screen found exponential backtracking' },
];
