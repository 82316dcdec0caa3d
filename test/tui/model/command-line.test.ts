import { describe, expect, test } from 'vitest';
import { parseCommand } from '../../../tui/model/command-line.js';

describe('the : command line', () => {
  test.each([
    ['rule any-money', { kind: 'rule', id: 'any-money' }],
    ['r any', { kind: 'rule', id: 'any' }],
    ['filter exchange rate', { kind: 'filter', text: 'exchange rate' }],
    ['filter', { kind: 'filter', text: '' }],
    ['sort label', { kind: 'sort', sort: { key: 'label', desc: false } }],
    ['sort fp', { kind: 'sort', sort: { key: 'fp', desc: true } }],
    ['sort ΔF1 asc', { kind: 'sort', sort: { key: 'marginal_f1', desc: false } }],
    ['s LF1', { kind: 'sort', sort: { key: 'label_f1', desc: true } }],
    ['sort run', { kind: 'sort', sort: { key: 'run', desc: false } }],
    ['sort order desc', { kind: 'sort', sort: { key: 'run', desc: true } }],
    ['q', { kind: 'quit' }],
    ['q!', { kind: 'quit' }],
    ['quit', { kind: 'quit' }],
    ['wq', { kind: 'quit' }],
  ] as const)('%j is %j', (line, command) => {
    expect(parseCommand(line)).toEqual(command);
  });

  test.each([
    ['rule', /which rule\? type :rule ID/],
    ['sort colour', /no column "colour" to sort by: the columns are name, label.*, or run \(the order the rules run in\)$/],
    ['sort fp upward', /sort direction "upward": use asc or desc/],
    ['zap', /no command "zap": the commands are :rule ID, :filter TEXT, :sort COLUMN \[asc\|desc\], :dataset NAME and :q/],
    ['', /the commands are/],
  ])('%j is refused with a message that says what works', (line, message) => {
    const c = parseCommand(line);
    expect(c.kind).toBe('error');
    expect(c.kind === 'error' ? c.message : '').toMatch(message);
  });
});
