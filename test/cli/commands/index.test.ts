import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { COMMANDS, commandsFor } from '../../../src/cli/commands/index.js';
import { CliContext } from '../../../src/cli/context.js';

const names = (argv: string[]) => commandsFor(argv).map((c) => c.name);
const ALL = COMMANDS.map((c) => c.name);

describe('commands load on demand', () => {
  test.each<[string[], string[]]>([
    [['--version'], []],
    [['-V'], []],
    [['-v'], []],
    [['__complete', '--', 'rulewright', 'rules'], ['completion']],
    [['eval', '--json'], ['eval']],
    [['rules', 'import', 'r.json'], ['rules']],
    [['--db', 'w.db', 'rank'], ['rank']],
    [['--dataset', 'eval', 'stats'], ['stats']],
    [['--help'], ALL],
    [['help', 'eval'], ALL],
    [[], ALL],
    [['evl'], ALL],
    [['--version', '--db', 'x'], ALL],
  ])('%j registers %j', (argv, expected) => {
    expect(names(argv)).toEqual(expected);
  });

  test.each(COMMANDS.map((c) => [c.name, c] as const))('the %s module registers exactly the command it is listed under', async (name, entry) => {
    const program = new Command('rulewright');
    const ctx = new CliContext({ stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: process.cwd() });
    (await entry.load()).register(program, ctx);
    // Hidden helpers (`__complete`, which completion scripts call) are not commands people type.
    expect(program.commands.map((c) => c.name()).filter((n) => !n.startsWith('__'))).toEqual([name]);
  });
});
