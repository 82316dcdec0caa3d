/**
 * The largest pattern rulewright reads. Every analyser of a pattern (the dialect translator,
 * XRegExp, the static ReDoS screen, recheck) recurses on its nesting, and recheck's parser dies of
 * a stack overflow on a few thousand nested groups without ever answering; a pattern past these
 * limits is refused before any of them sees it. Real rules sit far below: RuleChef's published
 * rulesets and the shipped learned rules reach about 2,000 characters and 4 levels.
 */
export const PATTERN_LIMITS = Object.freeze({
  /** Characters of one pattern. */
  length: 10_000,
  /** Characters of one lexicon term: the term list's trie regex nests a level per character. */
  termLength: 1_000,
  /** Groups and character classes inside each other; a repeated group nests inside its group, so this bounds quantifier nesting too. */
  depth: 50,
});

/** How long and how deep a pattern is (`depth`: groups and nested classes inside each other). */
export interface PatternSize {
  length: number;
  depth: number;
}

/**
 * Measures a pattern in one pass without recursion (so a hostile pattern costs linear time and no
 * stack). Escapes are skipped; inside a class everything up to its `]` is literal, except with
 * the `v` flag, where classes nest (Python's nested sets need VERSION1, which is refused anyway).
 */
export function patternSize(pattern: string, flags = '', dialect: 'js' | 'python' = 'js'): PatternSize {
  const nestedClasses = flags.includes('v');
  let depth = 0;
  let deepest = 0;
  let classDepth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (classDepth > 0) {
      if (c === ']') {
        classDepth--;
        depth--;
      } else if (c === '[' && nestedClasses) {
        classDepth++;
        deepest = Math.max(deepest, ++depth);
      }
    } else if (c === '[') {
      classDepth++;
      deepest = Math.max(deepest, ++depth);
      // Python reads a `]` right after `[` or `[^` as a literal; JS closes the class there.
      if (dialect === 'python') {
        if (pattern[i + 1] === '^') i++;
        if (pattern[i + 1] === ']') i++;
      }
    } else if (c === '(') deepest = Math.max(deepest, ++depth);
    else if (c === ')' && depth > 0) depth--;
  }
  return { length: pattern.length, depth: deepest };
}

/**
 * Why a pattern is past PATTERN_LIMITS, in words that name the fix; undefined when it is within
 * them. The pattern itself is not echoed (it may be a megabyte).
 */
export function patternLimitIssue(pattern: string, flags = '', dialect: 'js' | 'python' = 'js'): string | undefined {
  const fmt = (n: number) => n.toLocaleString('en-US');
  if (pattern.length > PATTERN_LIMITS.length)
    return `the pattern is ${fmt(pattern.length)} characters long, past the limit of ${fmt(PATTERN_LIMITS.length)}; split it into several rules or use a lexicon rule for long term lists`;
  const { depth } = patternSize(pattern, flags, dialect);
  if (depth > PATTERN_LIMITS.depth)
    return `the pattern nests groups and classes ${fmt(depth)} levels deep, past the limit of ${PATTERN_LIMITS.depth}; remove redundant parentheses`;
  return undefined;
}

/** Why a lexicon's term list is past PATTERN_LIMITS (a term too long); undefined when within. */
export function termsLimitIssue(terms: readonly string[]): string | undefined {
  const i = terms.findIndex((t) => t.length > PATTERN_LIMITS.termLength);
  if (i < 0) return undefined;
  return `term ${i + 1} is ${terms[i]!.length.toLocaleString('en-US')} characters long, past the limit of ${PATTERN_LIMITS.termLength.toLocaleString('en-US')}; a term is a word or phrase`;
}

/** Why a rule's pattern or term list is past PATTERN_LIMITS; undefined when within them. */
export function ruleLimitIssue(rule: { format: string; pattern: string; flags: string; dialect: 'js' | 'python'; terms?: readonly string[] | undefined }): string | undefined {
  return rule.format === 'lexicon' ? termsLimitIssue(rule.terms ?? []) : patternLimitIssue(rule.pattern, rule.flags, rule.dialect);
}
