/**
 * The hand-written bridge checks agree with the schemas of @viewlink/schemas, which stay the single
 * source of the protocol: on generated messages (valid, near-valid, malformed, with unknown fields),
 * each check accepts exactly what its schema accepts, and passes an accepted message on unchanged.
 */
import { BridgeConnectResult, BridgeUnknownMessage } from '@viewlink/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBridgeMessage, isConnectResult } from '../src/internal/bridge-messages.js';

const anyValue = fc.oneof(
  fc.constantFrom(undefined, null, true, 0, -0, 1, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '', '1', [], {}),
  fc.string({ maxLength: 8 }),
);
const FIELDS = ['channel', 'version', 'request_id', 'type', 'service', 'linked_account_id', 'status'] as const;
/** Values close to valid ones for some field, and values of the wrong kind. */
const nearMiss = fc.oneof(
  fc.constantFrom('viewlink-bridg', 'VIEWLINK-BRIDGE', 'Connect-Result', 'progress', 'hello-ack'),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, 2 ** 53 - 1, Number.NaN, Number.NEGATIVE_INFINITY, '1', 1n),
  anyValue,
);
/** A valid message (a connect-result, or of another type), unknown fields included. */
const valid = fc.record({
  channel: fc.constant('viewlink-bridge'),
  version: fc.oneof(fc.constantFrom(1, 2), fc.integer({ min: 1 }), fc.constant(Number.MAX_SAFE_INTEGER)),
  request_id: fc.string({ maxLength: 12 }),
  type: fc.oneof({ weight: 3, arbitrary: fc.constant('connect-result') }, fc.string({ maxLength: 12 })),
  service: fc.string({ maxLength: 12 }),
  linked_account_id: fc.string({ maxLength: 12 }),
  status: fc.string({ maxLength: 12 }),
  extra: anyValue,
  nested: fc.dictionary(fc.string({ maxLength: 4 }), anyValue, { maxKeys: 3 }),
});
/** 0 to 2 fields removed or replaced by a near miss. */
const mutations = fc.array(fc.tuple(fc.constantFrom(...FIELDS), fc.option(nearMiss, { freq: 3 })), { maxLength: 2 });
const message = fc.tuple(valid, mutations).map(([base, changes]) => {
  const value: Record<string, unknown> = { ...base };
  for (const [field, replacement] of changes)
    if (replacement === null) delete value[field];
    else value[field] = replacement;
  return value;
});
const data = fc.oneof(
  { weight: 8, arbitrary: message },
  { weight: 1, arbitrary: anyValue },
  { weight: 1, arbitrary: fc.array(anyValue, { maxLength: 3 }) },
  { weight: 1, arbitrary: message.map((fields) => Object.assign([], fields)) }, // an array with the fields
);

const CHECKS = [
  ['BridgeUnknownMessage', isBridgeMessage, BridgeUnknownMessage],
  ['BridgeConnectResult', isConnectResult, BridgeConnectResult],
] as const;

describe('bridge message checks agree with the schemas', () => {
  for (const [name, check, schema] of CHECKS)
    it(`${check.name} accepts exactly what ${name} accepts, and passes accepted messages on unchanged`, () => {
      const verdicts = { accepted: 0, refused: 0 };
      fc.assert(
        fc.property(data, (value) => {
          const parsed = schema.safeParse(value);
          expect({ value, accepted: check(value) }).toEqual({ value, accepted: parsed.success });
          // Unknown fields kept, nothing coerced (toEqual: fast-check also makes null-prototype objects).
          if (parsed.success) expect(value).toEqual(parsed.data);
          verdicts[parsed.success ? 'accepted' : 'refused']++;
        }),
        { numRuns: 3_000 },
      );
      // Both sides of each check were exercised.
      expect(verdicts.accepted).toBeGreaterThan(50);
      expect(verdicts.refused).toBeGreaterThan(50);
    });

  it('accepts messages of unknown types and with unknown fields, refuses a wrong envelope', () => {
    const envelope = { channel: 'viewlink-bridge', version: 1, request_id: 'r1' };
    const result = { ...envelope, type: 'connect-result', service: 's', linked_account_id: 'a', status: 'active' };
    expect(isBridgeMessage({ ...envelope, type: 'future-thing', whatever: [1] })).toBe(true);
    expect(isConnectResult({ ...result, added_later: { x: 1 } })).toBe(true);
    expect(isConnectResult({ ...result, type: 'progress' })).toBe(false);
    expect(isConnectResult({ ...result, status: 1 })).toBe(false);
    for (const wrong of [{ channel: 'other' }, { version: 0 }, { version: 1.5 }, { version: '1' }, { request_id: 1 }])
      expect(isBridgeMessage({ ...envelope, type: 'progress', ...wrong })).toBe(false);
  });
});
