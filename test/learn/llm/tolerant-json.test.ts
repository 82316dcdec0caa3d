import { describe, expect, test } from 'vitest';
import { parseTolerantJson } from '../../../src/learn/llm/tolerant-json.js';

const rules = [
  { name: 'a', pattern: '\\d+' },
  { name: 'b', pattern: '[A-Z]{2}' },
];

describe('parseTolerantJson', () => {
  test.each([
    ['plain JSON', JSON.stringify({ rules }), { rules }],
    ['a json fence', '```json\n' + JSON.stringify({ rules }) + '\n```', { rules }],
    ['a bare fence with prose around it', 'Sure! Here:\n```\n' + JSON.stringify({ rules }) + '\n```\nHope this helps.', { rules }],
    ['prose before and after, no fence', 'The rules are ' + JSON.stringify({ rules }) + ' as requested.', { rules }],
    ['prose holding brackets of its own', 'See [1] and {note}: ' + JSON.stringify({ rules }), { rules }],
    ['a trailing comma', '{"rules": [{"name": "a", "pattern": "\\\\d+"},]}', { rules: [rules[0]] }],
    ['a top-level array', 'rules: [1, 2, 3]', [1, 2, 3]],
    ['braces and quotes inside strings', '{"p": "a{b}[c]\\"d"}', { p: 'a{b}[c]"d' }],
  ])('reads %s', (_, text, expected) => {
    const r = parseTolerantJson(text);
    expect(r).toEqual({ ok: true, value: expected, truncated: false, dropped_tail: '' });
  });

  test.each([
    ['inside the third element', '{"rules": [{"name": "a", "pattern": "x"}, {"name": "b", "pattern": "y"}, {"na', { rules: [{ name: 'a', pattern: 'x' }, { name: 'b', pattern: 'y' }] }],
    ['inside a string of the second element', '{"rules": [{"name": "a", "pattern": "x"}, {"name": "b", "pattern": "y\\', { rules: [{ name: 'a', pattern: 'x' }] }],
    ['after a comma between elements', '{"rules": [{"name": "a"},', { rules: [{ name: 'a' }] }],
    ['right after the array opened', '{"rules": [', { rules: [] }],
    ['in a nested list of a later element', '{"rules": [{"t": ["a", "b"]}, {"t": ["c", "d', { rules: [{ t: ['a', 'b'] }] }],
    ['inside a number', '{"n": [1, 2, 34', { n: [1, 2] }],
    ['in a later property after a complete array', '{"rules": [{"name": "a"}], "notes": "unfini', { rules: [{ name: 'a' }] }],
    ['inside an unclosed fence', 'Here:\n```json\n{"rules": [{"name": "a"}, {"name": "b"}, {"name": "c', { rules: [{ name: 'a' }, { name: 'b' }] }],
  ])('keeps only the complete elements when cut off %s', (_, text, expected) => {
    const r = parseTolerantJson(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual(expected);
    expect(r.truncated).toBe(true);
    expect(text.endsWith(r.dropped_tail)).toBe(true);
  });

  test.each([
    ['no JSON at all', 'I cannot help with that.'],
    ['an empty answer', ''],
    ['unbalanced brackets', '{"a": [1, 2}'],
  ])('fails on %s', (_, text) => {
    const r = parseTolerantJson(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/\w/);
  });

  test('turns a cut before any property completed into an empty object, flagged as truncated', () => {
    expect(parseTolerantJson('{"ru')).toEqual({ ok: true, value: {}, truncated: true, dropped_tail: '"ru' });
  });
});
