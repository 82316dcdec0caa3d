import type { ColumnSpec } from './columns.js';

/** The columns a table of rules starts with: its row number (under `key`), the rule's name and its label. */
export function ruleLeadColumns(key: string, numberWidth: number): ColumnSpec[] {
  return [
    { key, title: '#', width: numberWidth, align: 'right' },
    { key: 'name', title: 'rule', width: 14, grow: 2 },
    { key: 'label', title: 'label', width: 12, grow: 1, dropOrder: 1 },
  ];
}
