import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { answerJsonSchema, isStrictCompatible, jsonInstructions, responseFormat } from '../../../src/learn/llm/json-schema.js';

describe('json schema for answers', () => {
  test('converts the zod schema without $schema', () => {
    const s = answerJsonSchema(z.strictObject({ a: z.string() }));
    expect(s).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false });
  });

  test.each([
    ['closed objects with every field required', z.strictObject({ rules: z.array(z.strictObject({ p: z.string(), f: z.string().nullable() })) }), true],
    ['an optional field', z.strictObject({ p: z.string(), f: z.string().optional() }), false],
    ['an open object', z.object({ p: z.string() }), false],
    ['a nested open object', z.strictObject({ inner: z.looseObject({ p: z.string() }) }), false],
  ])('strict mode is %s → %s', (_, schema, expected) => {
    expect(isStrictCompatible(answerJsonSchema(schema))).toBe(expected);
    expect(responseFormat({ name: 'x', schema }).json_schema.strict).toBe(expected);
  });

  test('lets the caller force strictness', () => {
    const schema = z.strictObject({ p: z.string().optional() });
    expect(responseFormat({ name: 'x', schema, strict: true }).json_schema.strict).toBe(true);
  });

  test('spells the schema out in prompt instructions', () => {
    const text = jsonInstructions({ name: 'ruleset', schema: z.strictObject({ rules: z.array(z.string()) }) });
    expect(text).toMatch(/JSON value only/);
    expect(text).toContain('"ruleset"');
    expect(text).toContain('"rules"');
  });
});
