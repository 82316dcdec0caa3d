import { describe, expect, test } from 'vitest';
import { RulewrightError } from '../../src/core/errors.js';
import { checkJsonDepth, jsonDepthOffset, jsonErrorOffset, jsonValueOffset, jsonWhere, lineAt, MAX_JSON_DEPTH, parseJsonDocument } from '../../src/formats/json-positions.js';

const doc = `{
  "examples": [
    {"id": "a", "note": "has \\"quotes\\" and ] brackets {"},
    {
      "id": "b"
    }
  ],
  "other": [1, 2]
}`;

describe('json positions', () => {
  test.each([
    [['examples', 0], 3],
    [['examples', 1], 4],
    [['other', 1], 8],
    [['examples'], 2],
  ] as const)('value at %j starts on line %i', (path, line) => {
    const off = jsonValueOffset(doc, path);
    expect(off).toBeDefined();
    expect(lineAt(doc, off as number)).toBe(line);
  });

  test.each([[['examples', 2]], [['missing']], [['other', 'x']]] as const)('no value at %j', (path) => {
    expect(jsonValueOffset(doc, path)).toBeUndefined();
  });

  test('jsonWhere names the element when the line is unknowable', () => {
    expect(jsonWhere('f.json', doc, ['examples', 9], 'element 9')).toBe('f.json: element 9 (line unknown)');
    expect(jsonWhere('f.json', doc, ['examples', 1], 'element 1')).toBe('f.json:4');
  });

  test.each([
    ['[\n{"a": 1},\n{"a": }\n]', 'x.json:3: invalid JSON at line 3, column 7 (unexpected "}"); fix the syntax'],
    ['[', 'x.json:1: invalid JSON at line 1, column 2 (unexpected end of input); fix the syntax'],
    ['{"a" 1}', 'x.json:1: invalid JSON at line 1, column 6 (unexpected "1"); fix the syntax'],
    ['{\n"a": 1,\n}', 'x.json:3: invalid JSON at line 3, column 1 (unexpected "}"); fix the syntax'],
    ['[1 2]', 'x.json:1: invalid JSON at line 1, column 4 (unexpected "2"); fix the syntax'],
    ['{"a": "x\ty"}', 'x.json:1: invalid JSON at line 1, column 9 (unexpected "\\t"); fix the syntax'],
    ['{"a": "\\q"}', 'x.json:1: invalid JSON at line 1, column 9 (unexpected "q"); fix the syntax'],
    ['{"a": 1} x', 'x.json:1: invalid JSON at line 1, column 10 (unexpected "x"); fix the syntax'],
    ['{"a": tru}', 'x.json:1: invalid JSON at line 1, column 7 (unexpected "t"); fix the syntax'],
  ])('a JSON syntax error names its line and column: %j', (content, message) => {
    expect(() => parseJsonDocument(content, 'x.json')).toThrow(new RulewrightError('BAD_INPUT', message));
  });

  test.each([
    '{"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"], "b": {}}',
    '  [ ]  ',
    '"just a string"',
  ])('valid JSON has no error offset: %s', (content) => {
    expect(() => JSON.parse(content)).not.toThrow();
    expect(jsonErrorOffset(content)).toBeUndefined();
  });
});

describe('nesting depth', () => {
  test.each([
    ['20,000 nested arrays', `[\n${'['.repeat(20_000)}${']'.repeat(20_000)}]`, 2, MAX_JSON_DEPTH],
    ['objects inside a value', `{"a":\n\n${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`, 3, (MAX_JSON_DEPTH - 1) * 5 + 1],
  ])('a document with %s is refused with the line where the limit is crossed', (_what, content, line, column) => {
    const err = (() => {
      try {
        parseJsonDocument(content, 'deep.json');
      } catch (e) {
        return e as RulewrightError;
      }
      return undefined;
    })();
    expect(err?.code).toBe('BAD_INPUT');
    expect(err?.message).toBe(
      `deep.json:${line}: the JSON nests more than ${MAX_JSON_DEPTH} levels deep (level ${MAX_JSON_DEPTH + 1} opens at column ${column}); rulewright reads at most ${MAX_JSON_DEPTH} levels: flatten the data`,
    );
  });

  test('brackets inside strings do not count, and 100 levels are fine', () => {
    expect(jsonDepthOffset(JSON.stringify({ s: '['.repeat(500) }))).toBeUndefined();
    const ok = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(jsonDepthOffset(ok)).toBeUndefined();
    expect(() => checkJsonDepth(ok, 'x.json')).not.toThrow();
    expect(jsonDepthOffset(`[${ok}]`)).toBe(MAX_JSON_DEPTH);
  });
});
