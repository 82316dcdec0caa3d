import type { Task } from '../../core/schemas/task.js';

/**
 * The system message of every learning prompt: what a rule is, how it runs, and what is rejected.
 * The rules it asks for are data (a regex or a term list), checked and compiled, never executed
 * as code, and the prompt says so, so models do not write code.
 */
export function systemPrompt(task: Task): string {
  const how =
    task.type === 'classification'
      ? 'A classification rule gives its label to a text when it matches anywhere in it; rules run by priority (higher first) and the first rule that matches decides, so a broad rule with a high priority steals texts from other labels.'
      : task.type === 'transformation'
        ? 'A rule fills the field named by its label with the text it matches (the whole match, or the capture group named by "group"); list fields collect every match, scalar fields take the first.'
        : 'A rule yields one span per match: the whole match ("group": null or "$0"), or a capture group ("$1", or a named group such as "value"), so context can be matched around the span without being part of it. Overlapping spans of one label are resolved by rule priority.';
  return [
    'You write extraction rules for rulewright: regular expressions and word lists that run with no model, fast and deterministically.',
    how,
    'Each rule is JSON data with: name (short, readable), description (one sentence), format ("regex" or "lexicon"), pattern (a JavaScript regex source without slashes; "" for a lexicon), terms (the word list of a lexicon; null for a regex), flags (any of "i", "m", "s", "u", "x"; null for none), dialect ("js"; null is "js"), group, label (one of the task\'s labels), priority (an integer, default 0), confidence (0 to 1).',
    'Lexicons match whole words, case-insensitively; prefer them for lists of names or keywords.',
    'Rules that are rejected: patterns that do not compile, a group the pattern lacks, catch-alls that match any text (.*, .+, \\S+, \\w+ alone), and patterns with nested or overlapping repetition such as (a+)+, (\\w+\\s?)* or (.*?,)* that can backtrack catastrophically.',
    'Prefer several precise rules to one broad rule: a wrong output costs as much as a missed one. Use word boundaries (\\b) and context. Do not copy whole example sentences as patterns; generalize what makes them belong to the label.',
    'Answer with JSON only, in the requested shape. Never write code: rules are data.',
  ].join('\n');
}
