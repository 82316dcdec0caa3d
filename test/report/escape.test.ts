import { describe, expect, test } from 'vitest';
import { domId, escapeHtml, jsonForMarkupScript, jsonForScript } from '../../src/report/escape.js';
import { HOSTILE } from './fixtures.js';

describe('escapeHtml', () => {
  test.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['"><img src=x onerror="alert(1)">', '&quot;&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'],
    ['Tom & Jerry &amp;', 'Tom &amp; Jerry &amp;amp;'],
    [`it's "quoted"`, 'it&#39;s &quot;quoted&quot;'],
    ['plain text', 'plain text'],
    ['', ''],
  ])('escapes %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  test('leaves no markup character in any hostile string', () => {
    for (const s of Object.values(HOSTILE)) expect(escapeHtml(s)).not.toMatch(/[<>"']/);
  });

  test('turns null, undefined and numbers into text', () => {
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(0.5)).toBe('0.5');
  });

  test('replaces a lone surrogate so the page stays valid UTF-8', () => {
    expect(escapeHtml('a\uD800b')).toBe('a\uFFFDb');
    expect(escapeHtml('emoji 😀')).toBe('emoji 😀');
  });
});

describe('jsonForScript', () => {
  test('escapes < > & and line separators so the block cannot be closed or reopened', () => {
    const out = jsonForScript({ a: HOSTILE.endScript, b: HOSTILE.comment, c: HOSTILE.separators, d: HOSTILE.amp });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out.toLowerCase()).not.toContain('</script');
    expect(out).toContain('\\u003c/script\\u003e');
  });

  test('parses back to the same value', () => {
    const value = { ...HOSTILE, n: [1, null, 0.25], nested: { 'k<>': 'v&' } };
    expect(JSON.parse(jsonForScript(value))).toEqual(value);
  });
});

describe('jsonForMarkupScript', () => {
  test('leaves no way to close the block or open a comment, and parses back', () => {
    const value = { ...HOSTILE, upper: '</SCRIPT ><!-- x', markup: '<p class="a">x</p>' };
    const out = jsonForMarkupScript(value);
    expect(out.toLowerCase()).not.toContain('</script');
    expect(out).not.toContain('<!');
    expect(out.toLowerCase()).not.toContain('<script');
    expect(out).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });

  test('keeps opening tags as they are (a smaller block than jsonForScript)', () => {
    const markup = '<li class="x"><b>a</b></li>';
    expect(jsonForMarkupScript(markup)).toBe('"<li class=\\"x\\"><b>a<\\/b><\\/li>"');
    expect(jsonForMarkupScript(markup).length).toBeLessThan(jsonForScript(markup).length);
  });
});

describe('domId', () => {
  test.each([
    ['rule-1', 'rule-rule-1'],
    ['a b', 'rule-a_20_b'],
    ['a_b', 'rule-a_5f_b'],
    ['"><x>', 'rule-_22__3e__3c_x_3e_'],
  ])('encodes %j', (v, expected) => {
    expect(domId('rule', v)).toBe(expected);
  });

  test('gives different ids to different values', () => {
    const values = ['a_41_', 'aA', 'a A', 'a_20_A', 'a-b', 'a_2d_b'];
    expect(new Set(values.map((v) => domId('r', v))).size).toBe(values.length);
  });
});
