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
    expect(message).toMatch(/name: must not be empty/);
    expect(message).toMatch(/per_page: must be at most 100/);
    expect(message).toMatch(/orderby: must be one of "date", "title"/);
    expect(message).toMatch(/tags: must have at most 2 items/);
    expect(message).toMatch(/slug: must match/);
    // Named at its own path, as it was written (zod reports it at the object's).
    expect(message).toMatch(/extra: is an unknown parameter/);
    expect(message).not.toMatch(/Invalid input/);
  });

  it('say what a date-time with an offset is, with examples (it said "must be a valid datetime" of a valid ISO 8601 date)', () => {
    const schema = z.object({ at: z.iso.datetime({ offset: true }), utc: z.iso.datetime() });
    for (const at of ['2024-01-01', '2024-01-01T10:00:00', 'yesterday']) {
      const message = messageOf(schema, { at, utc: '2024-01-01T00:00:00+02:00' });
      expect(message).toContain(
        "at: must be an ISO 8601 date-time with a time zone, e.g. '2024-01-01T00:00:00Z' or '2024-01-01T02:00:00+02:00' (a date alone or a time without a zone names no instant)",
      );
      // Without `offset: true` zod takes UTC alone: the example is one, no offset is offered.
      expect(message).toContain("utc: must be an ISO 8601 date-time, e.g. '2024-01-01T00:00:00Z'");
      expect(message).not.toContain(at === 'yesterday' ? 'yesterday' : 'valid datetime');
    }
    // Both examples are taken.
    expect(() =>
      parseInput(schema, { at: '2024-01-01T02:00:00+02:00', utc: '2024-01-01T00:00:00Z' }, 'x'),
    ).not.toThrow();
  });

  it('say one item or character in the singular, and an empty string as such', () => {
    const schema = z.object({
      ids: z.array(z.int()).check(z.minLength(1)),
      code: z.string().check(z.minLength(2)),
      short: z.string().check(z.maxLength(1)),
    });
    const message = messageOf(schema, { ids: [], code: 'a', short: 'ab' });
    expect(message).toContain('ids: must have at least 1 item;');
    expect(message).toContain('code: must have at least 2 characters;');
    expect(message).toContain('short: must have at most 1 character');
  });

  it('reports a missing field as required, a wrong-typed one by its expected type, and never echoes the bad value', () => {
    const schema = z.object({ api_key: z.string(), count: z.int() });
    const message = messageOf(schema, { count: 'sk_live_SECRET_VALUE' });
    expect(message).toMatch(/api_key: is required/);
    expect(message).toMatch(/count: must be a number/);
    expect(message).not.toContain('sk_live_SECRET_VALUE');
  });

  it('words strict bounds and reports a missing field inside a nested object', () => {
    const schema = z.object({
      ratio: z.number().check(z.gt(0), z.lt(1)),
      user: z.object({ id: z.string(), name: z.optional(z.string()) }),
    });
    expect(messageOf(schema, { ratio: 0, user: {} })).toBe(
      'Invalid options: ratio: must be greater than 0; user.id: is required',
    );
    expect(messageOf(schema, { ratio: 1, user: { id: 7 } })).toBe(
      'Invalid options: ratio: must be less than 1; user.id: must be a string',
    );
  });

  it('says what a union expected: every alternative, not "matches none of the allowed shapes"', () => {
    const schema = z.object({
      title: z.union([z.string(), z.looseObject({ raw: z.optional(z.string()) })]),
      order: z.union([z.literal('asc'), z.literal('desc'), z.number()]),
      author: z.union([z.int(), z.object({ id: z.int() })]),
    });
    const message = messageOf(schema, { title: 42, order: true, author: 'x' });
    expect(message).toBe(
      'Invalid options: title: must be a string or an object; order: must be "asc", "desc" or a number; author: must be a number or an object',
    );
    expect(messageOf(schema, { order: 'asc', author: 1 })).toBe('Invalid options: title: is required');
  });

  it('reports the one alternative the value had the shape of at its own path (it said "an object whose 0 must be")', () => {
    const ids = z.pipe(
      z.transform((value: unknown) => (typeof value === 'number' || typeof value === 'string' ? [value] : value)),
      z.array(z.int()),
    );
    const schema = z.object({
      categories: z.optional(z.union([ids, z.strictObject({ terms: ids, operator: z.enum(['AND', 'OR']) })])),
      author: z.optional(z.union([z.int(), z.object({ id: z.int() })])),
      ranges: z.optional(z.union([z.array(z.int()), z.array(z.string()), z.object({ from: z.int() })])),
    });
    expect(messageOf(schema, { categories: ['news'] })).toBe('Invalid options: categories[0]: must be a number');
    expect(messageOf(schema, { categories: [1, 'news'] })).toBe('Invalid options: categories[1]: must be a number');
    expect(messageOf(schema, { categories: { terms: ['news'], operator: 'OR' } })).toBe(
      'Invalid options: categories.terms[0]: must be a number',
    );
    expect(messageOf(schema, { categories: { terms: [1], operator: 'XOR' } })).toBe(
      'Invalid options: categories.operator: must be one of "AND", "OR"',
    );
    expect(messageOf(schema, { author: { id: 'x' } })).toBe('Invalid options: author.id: must be a number');
    // Several alternatives failed inside the value: each is named, its path written as a caller writes it.
    expect(messageOf(schema, { ranges: [true] })).toBe(
      'Invalid options: ranges: must be an array whose [0] must be a number, an array whose [0] must be a string or an object',
    );
  });

  it('phrases the message at the call site when `what` is the call the user wrote', () => {
    const schema = z.object({ limit: z.optional(z.int().check(z.maximum(500))), cursor: z.optional(z.string()) });
    let error: unknown;
    try {
      parseInput(schema, { limit: 501, cursor: 5 }, 'user.history.entries()');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      'user.history.entries(): limit must be at most 500; cursor must be a string',
    );
    expect(new ValidationError('client.user()', [{ path: [], message: 'expected a user id' }]).message).toBe(
      'client.user(): expected a user id',
    );
  });

  it('keeps custom messages', () => {
    const schema = z.string().check(z.minLength(3, 'too short, use 3+'));
    expect(messageOf(schema, 'a')).toMatch(/too short, use 3\+/);
  });
});
