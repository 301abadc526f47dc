/**
 * `readPartnerError` (zod-free, for the partner client and the web facade) against the zod schema
 * `PartnerErrorBody`: on every JSON value both accept the same bodies and read the same fields.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartnerErrorBody, readPartnerError } from '../src/partner/index.js';

/** What the schema reads out of a body: the reference `readPartnerError` must agree with. */
function bySchema(body: unknown) {
  const result = PartnerErrorBody.safeParse(body);
  if (!result.success) return {};
  const { code, message, request_id } = result.data.error;
  return { code, message, requestId: request_id };
}

// Values each field may take: well-typed, wrong types, and missing.
const field = fc.oneof(
  fc.string(),
  fc.constantFrom(null, 0, 1.5, true, false, '', [], {}, ['x'], { code: 'x' }),
  fc.jsonValue(),
);
const errorObject = fc.record(
  { code: field, message: field, request_id: field, extra: fc.jsonValue() },
  { requiredKeys: [] },
);
// Bodies of every shape: well-formed ones, near misses, and any JSON at all.
const body = fc.oneof(
  fc.record({ error: errorObject }),
  fc.record({ error: fc.oneof(errorObject, fc.jsonValue(), fc.array(fc.string())) }, { requiredKeys: [] }),
  fc.record({ code: field, message: field }),
  fc.jsonValue(),
);

describe('readPartnerError', () => {
  it('reads code, message and request id of a designed error body', () => {
    expect(
      readPartnerError({ error: { code: 'file_not_found', message: 'No such file', request_id: 'req_1' } }),
    ).toEqual({ code: 'file_not_found', message: 'No such file', requestId: 'req_1' });
    expect(readPartnerError({ error: { code: 'c', message: 'm' }, extra: 1 })).toEqual({
      code: 'c',
      message: 'm',
      requestId: undefined,
    });
  });

  it('reads nothing from a body the schema refuses', () => {
    for (const refused of [
      undefined,
      null,
      'error',
      42,
      [],
      [{ error: { code: 'c', message: 'm' } }],
      { error: null },
      { error: 'c' },
      { error: ['c', 'm'] },
      { error: { code: 'c' } },
      { error: { code: 1, message: 'm' } },
      { error: { code: 'c', message: 'm', request_id: null } },
      { error: { code: 'c', message: 'm', request_id: 7 } },
      { code: 'c', message: 'm' },
    ]) {
      expect(PartnerErrorBody.safeParse(refused).success).toBe(false);
      expect(readPartnerError(refused)).toEqual({});
    }
  });

  it('agrees with the PartnerErrorBody schema on any JSON body', () => {
    fc.assert(
      fc.property(body, (value) => {
        // As the transport hands bodies over: parsed from JSON text.
        const parsed: unknown = JSON.parse(JSON.stringify(value));
        expect(readPartnerError(parsed)).toEqual(bySchema(parsed));
      }),
      { numRuns: 2_000 },
    );
  });
});
