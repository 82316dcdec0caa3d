/**
 * How many rules each label has: what a reviewer faces per label. Labels of the task with no rule
 * count as 0, so the median says how long a typical label's list is, not only of those learned.
 */
export interface RulesPerLabel {
  /** Labels counted: the task's and any a rule emits. */
  labels: number;
  median: number;
  max: number;
  /** The labels with the most rules, most first (ties by name). */
  most: { label: string; rules: number }[];
}

export function rulesPerLabel(taskLabels: readonly string[], ruleLabels: readonly string[], most = 3): RulesPerLabel {
  const counts = new Map<string, number>(taskLabels.map((l) => [l, 0]));
  for (const l of ruleLabels) counts.set(l, (counts.get(l) ?? 0) + 1);
  const sorted = [...counts.values()].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = !sorted.length ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const ranked = [...counts]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, most)
    .map(([label, rules]) => ({ label, rules }));
  return { labels: counts.size, median, max: sorted[sorted.length - 1] ?? 0, most: ranked };
}
