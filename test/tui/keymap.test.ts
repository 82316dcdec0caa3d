import type { Key } from 'ink';
import { describe, expect, test } from 'vitest';
import { actionFor, GLOBAL_KEYS, globalAction, keyName, SCREEN_KEYS, type ScreenName, screenKeys } from '../../tui/keymap.js';

const screens = Object.keys(SCREEN_KEYS) as ScreenName[];

const NAMED: Record<string, Partial<Key>> = { enter: { return: true }, esc: { escape: true }, tab: { tab: true }, up: { upArrow: true }, down: { downArrow: true }, left: { leftArrow: true }, right: { rightArrow: true } };

/** What Ink reports for a key the table names (`ctrl-shift-left`, `meta-b`, `tab`, `D`). */
function pressOf(name: string): [string, Partial<Key>] {
  const mods = name.length > 1 ? (name.match(/^(?:(?:ctrl|meta|shift)-)+/)?.[0] ?? '') : '';
  const base = name.slice(mods.length);
  const held: Partial<Key> = { ...(mods.includes('ctrl-') ? { ctrl: true } : {}), ...(mods.includes('meta-') ? { meta: true } : {}), ...(mods.includes('shift-') ? { shift: true } : {}) };
  return NAMED[base] ? ['', { ...NAMED[base], ...held }] : [base, held];
}
const globalNames = GLOBAL_KEYS.flatMap((k) => ('on' in k ? [...k.on] : []));

describe('one key table', () => {
  test.each(screens)('on the %s screen no key means two things, and none hides a global key', (screen) => {
    const seen = new Map<string, string>();
    for (const b of SCREEN_KEYS[screen]) {
      if (!('on' in b)) continue;
      for (const name of b.on) {
        expect(seen.get(name), `${name} is both ${seen.get(name)} and ${b.id}`).toBeUndefined();
        seen.set(name, b.id);
        expect(globalNames).not.toContain(name);
      }
    }
  });

  test.each(screens)('every key of the %s screen dispatches to its own action', (screen) => {
    for (const b of SCREEN_KEYS[screen]) {
      if (!('on' in b)) continue;
      for (const name of b.on) {
        const [input, key] = pressOf(name);
        expect(actionFor(screen, input, key)).toBe(b.id);
      }
    }
  });

  test.each([
    ['?', {}, 'help'],
    ['q', {}, 'quit'],
    ['m', {}, 'metrics'],
    [':', {}, 'command'],
    ['x', {}, null],
  ] as const)('the shell reads %j as %s', (input, key, action) => {
    expect(globalAction(input, key)).toBe(action);
  });

  test.each([
    ['', { return: true }, 'enter'],
    ['', { escape: true }, 'esc'],
    ['', { tab: true, shift: true }, 'shift-tab'],
    ['s', { ctrl: true }, 'ctrl-s'],
    ['D', { shift: true }, 'D'],
    ['', { leftArrow: true }, 'left'],
    ['', { rightArrow: true, shift: true }, 'shift-right'],
    ['', { leftArrow: true, ctrl: true, shift: true }, 'ctrl-shift-left'],
    ['', { rightArrow: true, meta: true }, 'meta-right'],
    ['b', { meta: true }, 'meta-b'],
  ] as const)('keyName(%j, %j) is %s', (input, key, name) => {
    expect(keyName(input, key)).toBe(name);
  });

  test('keys only span tasks use are left out of the table of other tasks', () => {
    const ids = (spanTask: boolean) => screenKeys('example', spanTask).flatMap((b) => (b.id ? [b.id] : []));
    expect(ids(true)).toEqual(expect.arrayContaining(['cursor', 'word', 'select', 'select-word', 'label']));
    expect(ids(false)).toEqual(['correct', 'suggest', 'feedback', 'back']);
  });

  test('destructive keys are marked as asking first, and their help says so', () => {
    const destructive = screens.flatMap((s) => screenKeys(s).filter((b) => b.confirms).map((b) => `${s}:${b.id}`));
    expect(destructive.sort()).toEqual(['correct:cancel', 'corrections:delete', 'prune:apply', 'rule:delete', 'rule:toggle', 'rules:toggle'].sort());
    for (const s of screens) for (const b of screenKeys(s)) if (b.confirms) expect(b.does).toMatch(/asks first/);
  });
});
