import { expect } from 'vitest';
import { RulewrightError } from '../../src/core/errors.js';
import { Task, type TaskType } from '../../src/core/schemas/task.js';

/** The message of the BAD_INPUT error `fn` throws (fails the test when it throws anything else). */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RulewrightError);
    expect((e as RulewrightError).code).toBe('BAD_INPUT');
    return (e as Error).message;
  }
  throw new Error('expected a BAD_INPUT error, got none');
}

/** JSON lines from objects (strings are written as they are). */
export const jsonLines = (...rows: unknown[]): string => rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');

export const taskOf = (type: TaskType, text_field = 'text'): Task => Task.parse({ name: 't', type, text_field });
