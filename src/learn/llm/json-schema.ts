import { z } from 'zod';

/** A zod schema for an answer, with the name the endpoint sees. */
export interface AnswerSchema<T = unknown> {
  /** `^[a-zA-Z0-9_-]{1,64}$`, as OpenAI requires. */
  name: string;
  schema: z.ZodType<T>;
  /**
   * Ask for strict structured output. Default: strict when the schema allows it (every object
   * closed and every property required; use `.nullable()` rather than `.optional()`).
   */
  strict?: boolean;
}

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of what the model must write (the schema's input side), without `$schema`. */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * Whether OpenAI's strict mode accepts the schema: it needs every object closed
 * (`additionalProperties: false`) with all of its properties required.
 */
export function isStrictCompatible(json: unknown): boolean {
  if (Array.isArray(json)) return json.every(isStrictCompatible);
  if (json === null || typeof json !== 'object') return true;
  const node = json as JsonSchema;
  const props = node.properties;
  if (props && typeof props === 'object') {
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    if (node.additionalProperties !== false) return false;
    if (Object.keys(props).some((k) => !required.has(k))) return false;
  } else if (node.type === 'object' && node.additionalProperties !== false) {
    return false;
  }
  return Object.entries(node).every(([k, v]) => k === 'enum' || k === 'const' || k === 'default' || isStrictCompatible(v));
}

/** The chat-completions `response_format` for structured output. */
export function responseFormat(answer: AnswerSchema): {
  type: 'json_schema';
  json_schema: { name: string; schema: JsonSchema; strict: boolean };
} {
  const schema = answerJsonSchema(answer.schema);
  return {
    type: 'json_schema',
    json_schema: { name: answer.name, schema, strict: answer.strict ?? isStrictCompatible(schema) },
  };
}

/** What to add to the prompt when the endpoint cannot enforce the schema itself. */
export function jsonInstructions(answer: AnswerSchema): string {
  return (
    'Answer with one JSON value only: no prose and no code fences. It must match this JSON Schema ' +
    `("${answer.name}"):\n${JSON.stringify(answerJsonSchema(answer.schema))}`
  );
}
