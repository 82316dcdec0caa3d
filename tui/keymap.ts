/** The screens of the workbench. */
export type ScreenName = 'rules' | 'rule' | 'examples' | 'correct' | 'feedback' | 'corrections' | 'prune' | 'eval' | 'learn';

/** One documented key: what to press and what it does. */
export interface KeyDoc {
  readonly keys: string;
  readonly does: string;
  /** Shown in the footer too, not only in the help overlay. */
  readonly footer?: boolean;
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

export const GLOBAL_KEYS: readonly KeyDoc[] = [
  { keys: '1-6', does: 'switch screen (Rules, Examples, Feedback, Prune, Eval, Learn)' },
  { keys: 'j/k ↑/↓', does: 'move' },
  { keys: 'g/G', does: 'first / last' },
  { keys: 'PgUp/PgDn ^u/^d', does: 'page up / down' },
  { keys: 'enter', does: 'open / confirm' },
  { keys: 'esc', does: 'back / cancel' },
  { keys: 'tab', does: 'next pane' },
  { keys: '?', does: 'help', footer: true },
  { keys: 'q', does: 'quit', footer: true },
];

/** Keys of each screen, for its footer and the help overlay. */
export const SCREEN_KEYS: Readonly<Record<ScreenName, readonly KeyDoc[]>> = {
  rules: [
    { keys: 'enter', does: 'open rule', footer: true },
    { keys: 's/</>', does: 'sort column', footer: true },
    { keys: 'r', does: 'reverse sort' },
    { keys: '/', does: 'filter by text', footer: true },
    { keys: 't', does: 'status filter', footer: true },
    { keys: 'b', does: 'badge filter (dead, harmful, stale, timed-out)' },
    { keys: 'e', does: 'enable / disable the rule' },
    { keys: 'm', does: 'recompute metrics (in the background)', footer: true },
    { keys: 'f', does: 'feedback on the rule (F: on the task)' },
    { keys: 'LR LF1', does: "recall and F1 against the gold of the rule's own label (F1: against every label's gold, as RuleChef)" },
    { keys: 'badges', does: 'D dead (never fires) · H harmful (negative marginal F1) · S stale (rules or data changed since measured) · T timed out' },
  ],
  rule: [
    { keys: 'tab', does: 'items / versions pane', footer: true },
    { keys: 'i', does: 'item filter: all, correct, incorrect, FP, FN', footer: true },
    { keys: 'p', does: 'edit the pattern (live preview; enter saves)', footer: true },
    { keys: 'e', does: 'enable / disable', footer: true },
    { keys: 'D', does: 'delete (asks first)' },
    { keys: 'c', does: 'correct the selected item', footer: true },
    { keys: 'f', does: 'feedback on this rule' },
    { keys: 'esc', does: 'back to the rules', footer: true },
  ],
  examples: [
    { keys: 'o', does: 'outcome filter', footer: true },
    { keys: 'l', does: 'label filter', footer: true },
    { keys: 's', does: 'split filter', footer: true },
    { keys: '/', does: 'filter by text' },
    { keys: 'c/enter', does: 'correct the selected example', footer: true },
    { keys: 'f', does: 'feedback on the example' },
    { keys: 'r', does: 'run the rules again (after changes)' },
    { keys: 'esc', does: 'clear the filters' },
  ],
  correct: [
    { keys: 'tab', does: 'expected output / note', footer: true },
    { keys: 'j/k', does: 'pick label or span' },
    { keys: 'a', does: 'add a span (type its text)' },
    { keys: 'x', does: 'remove the span' },
    { keys: 'h/l H/L', does: 'move span start / end' },
    { keys: 'n', does: 'change the span label' },
    { keys: 'ctrl-s', does: 'save the correction (enter in the note too)', footer: true },
    { keys: 'esc', does: 'cancel', footer: true },
  ],
  feedback: [
    { keys: 'n', does: 'new feedback on the task', footer: true },
    { keys: 'd', does: 'dismiss', footer: true },
    { keys: 'o', does: 'open again (dismissed or applied)' },
    { keys: 'enter', does: 'open the rule it is about', footer: true },
    { keys: 'c', does: 'the corrections, and which hold now', footer: true },
  ],
  corrections: [
    { keys: 'D', does: 'delete the correction (asks first)', footer: true },
    { keys: 'esc', does: 'back to the feedback', footer: true },
  ],
  prune: [
    { keys: 'tab', does: 'ranking / plan pane', footer: true },
    { keys: 'p', does: 'recompute the plan', footer: true },
    { keys: 'a', does: 'apply the plan (asks first)', footer: true },
    { keys: 'u', does: 'undo the last prune', footer: true },
  ],
  eval: [
    { keys: 'tab', does: 'per class / errors / confusion', footer: true },
    { keys: 's', does: 'split', footer: true },
    { keys: 'r', does: 'run the evaluation again', footer: true },
    { keys: '[ ]', does: 'earlier run to compare with', footer: true },
  ],
  learn: [
    { keys: 'enter', does: 'start a round', footer: true },
    { keys: '+/-', does: 'rounds', footer: true },
    { keys: 'i', does: 'incremental on / off' },
    { keys: 'o', does: 'offline on / off' },
    { keys: 'x', does: 'stop', footer: true },
  ],
};
