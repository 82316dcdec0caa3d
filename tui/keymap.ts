import type { Key } from 'ink';

/** The screens of the workbench. */
export type ScreenName = 'rules' | 'rule' | 'example' | 'examples' | 'correct' | 'suggest' | 'next' | 'feedback' | 'corrections' | 'prune' | 'eval' | 'learn';

/** One documented key: what to press and what it does. */
export interface KeyDoc {
  readonly keys: string;
  readonly does: string;
  /** Shown in the footer too, not only in the help overlay. */
  readonly footer?: boolean;
}

/**
 * A key of the table: its action's id, the key names that trigger it (see keyName) and its
 * documentation. Entries without `on` only explain something (a column, a badge); every entry
 * with `on` is dispatched through actionFor, so the help and footer cannot disagree with it.
 */
export interface KeyBinding extends KeyDoc {
  readonly id?: string;
  readonly on?: readonly string[];
  /** Destructive: the screen asks y/n before doing it. */
  readonly confirms?: boolean;
  /** Only span tasks (extraction, NER) use it: the footer and help of other tasks leave it out. */
  readonly spanTasks?: boolean;
}

/** A screen reachable with a number key. */
export type TabScreen = 'rules' | 'examples' | 'feedback' | 'prune' | 'eval' | 'learn';

/** The top-level screens reachable with the number keys, in tab order. */
export const TABS: readonly { readonly screen: TabScreen; readonly title: string }[] = [
  { screen: 'rules', title: 'Rules' },
  { screen: 'examples', title: 'Examples' },
  { screen: 'feedback', title: 'Feedback' },
  { screen: 'prune', title: 'Prune' },
  { screen: 'eval', title: 'Eval' },
  { screen: 'learn', title: 'Learn' },
];

/** Keys the shell handles on every screen (list movement is the lists' own, documented here). */
export const GLOBAL_KEYS = [
  { keys: '1-6', does: 'switch screen (Rules, Examples, Feedback, Prune, Eval, Learn)' },
  { keys: 'j/k ↑/↓', does: 'move' },
  { keys: 'g/G', does: 'first / last' },
  { keys: 'PgUp/PgDn ^u/^d', does: 'page up / down' },
  { keys: 'enter', does: 'open / confirm' },
  { keys: 'esc', does: 'back / cancel' },
  { keys: 'tab', does: 'next pane' },
  { id: 'metrics', on: ['m'], keys: 'm', does: 'recompute the metrics (in the background)' },
  { id: 'command', on: [':'], keys: ':', does: 'command line: :rule ID · :filter TEXT · :sort COLUMN|run · :q quits (tab completes)' },
  { id: 'help', on: ['?'], keys: '?', does: 'help', footer: true },
  { id: 'quit', on: ['q'], keys: 'q', does: 'quit', footer: true },
] as const satisfies readonly KeyBinding[];

/** Keys of each screen: their handlers (actionFor), their footer and the help overlay. */
export const SCREEN_KEYS = {
  rules: [
    { id: 'open', on: ['enter'], keys: 'enter', does: 'open rule', footer: true },
    { id: 'sort-next', on: ['s', '>'], keys: 's/>', does: 'sort column', footer: true },
    { id: 'sort-prev', on: ['<'], keys: '<', does: 'sort by the column before' },
    { id: 'reverse', on: ['r'], keys: 'r', does: 'reverse sort' },
    { id: 'worst', on: ['w'], keys: 'w', does: 'worst first (marginal F1, lowest first)', footer: true },
    { id: 'search', on: ['/'], keys: '/', does: 'filter by text', footer: true },
    { id: 'clear', on: ['esc'], keys: 'esc', does: 'clear the filters' },
    { id: 'status', on: ['t'], keys: 't', does: 'status filter', footer: true },
    { id: 'badge', on: ['b'], keys: 'b', does: 'badge filter (dead, harmful, stale, timed-out)' },
    { id: 'toggle', on: ['e'], keys: 'e', does: 'enable / disable the rule (disabling asks first)', confirms: true },
    { id: 'undo', on: ['u'], keys: 'u', does: 'undo the last enable / disable' },
    { id: 'feedback', on: ['f'], keys: 'f', does: 'feedback on the rule' },
    { id: 'task-feedback', on: ['F'], keys: 'F', does: 'feedback on the task' },
    { keys: 'pattern', does: 'the rule\'s pattern, cut in the middle to fit (the label has its own column)' },
    { keys: 'LR LF1', does: "recall and F1 against the gold of the rule's own label (F1: against every label's gold, as RuleChef)" },
    { keys: 'badges', does: 'D dead (never fires) · H harmful (negative marginal F1) · S stale (rules or data changed since measured) · T timed out' },
  ],
  rule: [
    { id: 'pane', on: ['tab'], keys: 'tab', does: 'items / versions pane', footer: true },
    { id: 'items', on: ['i'], keys: 'i', does: 'item filter: all, correct, incorrect, FP, FN', footer: true },
    { id: 'open', on: ['enter'], keys: 'enter', does: "the whole example, with every rule's matches", footer: true },
    { id: 'edit', on: ['p'], keys: 'p', does: 'edit the pattern (live preview; enter saves)', footer: true },
    { id: 'toggle', on: ['e'], keys: 'e', does: 'enable / disable (disabling asks first)', footer: true, confirms: true },
    { id: 'undo', on: ['u'], keys: 'u', does: 'undo the last enable / disable' },
    { id: 'delete', on: ['D'], keys: 'D', does: 'delete (asks first)', confirms: true },
    { id: 'correct', on: ['c'], keys: 'c', does: 'correct the selected item', footer: true },
    { id: 'feedback', on: ['f'], keys: 'f', does: 'feedback on this rule' },
    { id: 'back', on: ['esc'], keys: 'esc', does: 'back to the rules', footer: true },
  ],
  example: [
    { id: 'correct', on: ['c'], keys: 'c', does: 'correct the example', footer: true },
    { id: 'suggest', on: ['s'], keys: 's', does: 'suggest rules for its label, or for the selected span (train examples)', footer: true },
    { id: 'cursor', on: ['left', 'right'], keys: '←/→', does: 'text cursor', spanTasks: true },
    { id: 'word', on: ['b', 'w', 'ctrl-left', 'ctrl-right', 'meta-left', 'meta-right', 'meta-b', 'meta-f'], keys: 'b/w ^←/^→', does: 'text cursor a word back / on', spanTasks: true },
    { id: 'select', on: ['shift-left', 'shift-right'], keys: 'shift-←/→', does: 'select a span', footer: true, spanTasks: true },
    { id: 'select-word', on: ['B', 'W', 'ctrl-shift-left', 'ctrl-shift-right', 'meta-shift-left', 'meta-shift-right'], keys: 'B/W', does: 'select a word back / on', spanTasks: true },
    { id: 'label', on: ['l'], keys: 'l', does: 'next label for the selected span', spanTasks: true },
    { id: 'feedback', on: ['f'], keys: 'f', does: 'feedback on the example' },
    { id: 'back', on: ['esc'], keys: 'esc', does: 'back', footer: true },
  ],
  examples: [
    { id: 'outcome', on: ['o'], keys: 'o', does: 'outcome filter', footer: true },
    { id: 'label', on: ['l'], keys: 'l', does: 'label filter', footer: true },
    { id: 'split', on: ['s'], keys: 's', does: 'split filter', footer: true },
    { id: 'search', on: ['/'], keys: '/', does: 'filter by text' },
    { id: 'correct', on: ['c', 'enter'], keys: 'c/enter', does: 'correct the selected example', footer: true },
    { id: 'feedback', on: ['f'], keys: 'f', does: 'feedback on the example' },
    { id: 'rerun', on: ['r'], keys: 'r', does: 'run the rules again (after changes)' },
    { id: 'next', on: ['n'], keys: 'n', does: 'which train examples to fix next, and why', footer: true },
    { id: 'clear', on: ['esc'], keys: 'esc', does: 'clear the filters' },
  ],
  next: [
    { id: 'suggest', on: ['enter', 's'], keys: 'enter/s', does: 'suggest rules for the example', footer: true },
    { id: 'open', on: ['o'], keys: 'o', does: 'open the example' },
    { id: 'back', on: ['esc'], keys: 'esc', does: 'back', footer: true },
  ],
  correct: [
    { id: 'pane', on: ['tab'], keys: 'tab', does: 'expected output / note', footer: true },
    { id: 'pick', on: ['j', 'k', 'down', 'up'], keys: 'j/k', does: 'pick label or span' },
    { id: 'add', on: ['a'], keys: 'a', does: 'add a span (type its text)' },
    { id: 'remove', on: ['x'], keys: 'x', does: 'remove the span' },
    { id: 'nudge', on: ['h', 'l', 'H', 'L'], keys: 'h/l H/L', does: 'move span start / end' },
    { id: 'relabel', on: ['n'], keys: 'n', does: 'change the span label' },
    { id: 'note', on: ['enter'], keys: 'enter', does: 'to the note' },
    { id: 'save', on: ['ctrl-s'], keys: 'ctrl-s', does: 'save the correction (enter in the note too)', footer: true },
    { id: 'cancel', on: ['esc'], keys: 'esc', does: 'cancel (asks first when there are changes)', footer: true, confirms: true },
  ],
  suggest: [
    { id: 'accept', on: ['enter', 'a'], keys: 'enter/a', does: 'accept: add the rule above the others', footer: true },
    { id: 'edit', on: ['e'], keys: 'e', does: 'accept, then edit the rule', footer: true },
    { id: 'reject', on: ['x'], keys: 'x', does: 'reject: drop it from the list', footer: true },
    { id: 'back', on: ['esc'], keys: 'esc', does: 'back', footer: true },
  ],
  feedback: [
    { id: 'new', on: ['n', 'F'], keys: 'n', does: 'new feedback on the task', footer: true },
    { id: 'dismiss', on: ['d'], keys: 'd', does: 'dismiss', footer: true },
    { id: 'reopen', on: ['o'], keys: 'o', does: 'open again (dismissed or applied)' },
    { id: 'open', on: ['enter'], keys: 'enter', does: 'open the rule it is about', footer: true },
    { id: 'corrections', on: ['c'], keys: 'c', does: 'the corrections, and which hold now', footer: true },
  ],
  corrections: [
    { id: 'delete', on: ['D'], keys: 'D', does: 'delete the correction (asks first)', footer: true, confirms: true },
    { id: 'back', on: ['esc'], keys: 'esc', does: 'back to the feedback', footer: true },
  ],
  prune: [
    { id: 'pane', on: ['tab'], keys: 'tab', does: 'ranking / plan pane', footer: true },
    { id: 'plan', on: ['p'], keys: 'p', does: 'recompute the plan', footer: true },
    { id: 'dead', on: ['d'], keys: 'd', does: 'only dead rules on / off' },
    { id: 'duplicates', on: ['x'], keys: 'x', does: 'only duplicates on / off' },
    { id: 'tolerance', on: ['+', '=', '-'], keys: '+/-', does: 'tolerance (F1 gain a step must beat)' },
    { id: 'apply', on: ['a'], keys: 'a', does: 'apply the plan (asks first)', footer: true, confirms: true },
    { id: 'undo', on: ['u'], keys: 'u', does: 'undo the last prune', footer: true },
  ],
  eval: [
    { id: 'pane', on: ['tab', 'shift-tab'], keys: 'tab', does: 'per class / errors / confusion', footer: true },
    { id: 'split', on: ['s'], keys: 's', does: 'split', footer: true },
    { id: 'rerun', on: ['r'], keys: 'r', does: 'run the evaluation again', footer: true },
    { id: 'compare', on: ['[', ']'], keys: '[ ]', does: 'earlier run to compare with', footer: true },
  ],
  learn: [
    { id: 'start', on: ['enter'], keys: 'enter', does: 'start a round', footer: true },
    { id: 'rounds', on: ['+', '=', '-'], keys: '+/-', does: 'rounds', footer: true },
    { id: 'incremental', on: ['i'], keys: 'i', does: 'incremental on / off' },
    { id: 'offline', on: ['o'], keys: 'o', does: 'offline on / off' },
    { id: 'stop', on: ['x', 'esc'], keys: 'x', does: 'stop', footer: true },
  ],
} as const satisfies Readonly<Record<ScreenName, readonly KeyBinding[]>>;

type Table = typeof SCREEN_KEYS;

/** The action ids of a screen's key table. */
export type ActionOf<S extends ScreenName> = Extract<Table[S][number], { id: string }>['id'];

/** The action ids of the shell's own keys. */
export type GlobalAction = Extract<(typeof GLOBAL_KEYS)[number], { id: string }>['id'];

/**
 * A key as the table names it: `enter`, `esc`, `tab`, `shift-tab`, `up`, `down`, `left` and
 * `right` (after `ctrl-`, `meta-` and `shift-` as held), `ctrl-x`, `meta-x`, `backspace`, or the
 * character typed.
 */
export function keyName(input: string, key: Partial<Key>): string {
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'shift-tab' : 'tab';
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow || key.rightArrow) return `${key.ctrl ? 'ctrl-' : ''}${key.meta ? 'meta-' : ''}${key.shift ? 'shift-' : ''}${key.leftArrow ? 'left' : 'right'}`;
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl && input) return `ctrl-${input}`;
  // Alt with a letter (macOS terminals send alt-arrows as alt-b / alt-f) is a key of its own.
  if (key.meta && input.length === 1) return `meta-${input}`;
  return input;
}

function find(bindings: readonly KeyBinding[], input: string, key: Partial<Key>): string | null {
  const name = keyName(input, key);
  for (const b of bindings) if (b.id && b.on?.includes(name)) return b.id;
  return null;
}

/** The action a key means on a screen, or null when it means nothing there. */
export function actionFor<S extends ScreenName>(screen: S, input: string, key: Partial<Key>): ActionOf<S> | null {
  return find(SCREEN_KEYS[screen], input, key) as ActionOf<S> | null;
}

/** The shell's action for a key (help, quit, metrics, command line), or null. */
export function globalAction(input: string, key: Partial<Key>): GlobalAction | null {
  return find(GLOBAL_KEYS, input, key) as GlobalAction | null;
}

/**
 * A screen's key table, widened for the footer and the help overlay; `spanTask` false leaves
 * out the keys only span tasks use.
 */
export function screenKeys(screen: ScreenName, spanTask = true): readonly KeyBinding[] {
  const keys: readonly KeyBinding[] = SCREEN_KEYS[screen];
  return spanTask ? keys : keys.filter((k) => !k.spanTasks);
}

/** The shell's keys, widened like screenKeys. */
export const SHELL_KEYS: readonly KeyBinding[] = GLOBAL_KEYS;
