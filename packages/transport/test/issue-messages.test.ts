import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseInput, ValidationError } from '../src/index.js';

const messageOf = (schema: z.ZodMiniType, value: unknown): string => {
  try {
    parseInput(schema, value, 'options');
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  throw new Error('expected a ValidationError');
};

describe('validation messages under zod/mini (no locale loaded)', () => {
  it('say what was expected instead of "Invalid input"', () => {
    const schema = z.strictObject({
      name: z.string().check(z.minLength(1)),
      per_page: z.int().check(z.minimum(1), z.maximum(100)),
      orderby: z.enum(['date', 'title']),
      tags: z.array(z.string()).check(z.maxLength(2)),
      slug: z.string().check(z.regex(/^[a-z]+$/)),
    });
    const message = messageOf(schema, {
      name: '',
      per_page: 500,
      orderby: 'nope',
      tags: ['a', 'b', 'c'],
      slug: 'A!',
      extra: 1,
    });
    expect(message).toMatch(/name: must have at least 1 characters/);
    expect(message).toMatch(/per_page: must be <= 100/);
    expect(message).toMatch(/orderby: must be one of "date", "title"/);
    expect(message).toMatch(/tags: must have at most 2 items/);
    expect(message).toMatch(/slug: must match/);
    expect(message).toMatch(/unknown key extra/);
    expect(message).not.toMatch(/Invalid input/);
  });

  it('reports a missing or wrong-typed field by its expected type and never echoes the bad value', () => {
    const schema = z.object({ api_key: z.string(), count: z.int() });
    const message = messageOf(schema, { count: 'sk_live_SECRET_VALUE' });
    expect(message).toMatch(/api_key: expected string/);
    expect(message).toMatch(/count: expected number/);
    expect(message).not.toContain('sk_live_SECRET_VALUE');
  });

  it('keeps custom messages', () => {
    const schema = z.string().check(z.minLength(3, 'too short, use 3+'));
    expect(messageOf(schema, 'a')).toMatch(/too short, use 3\+/);
  });
});
