import { describe, expect, it } from 'vitest';
import { ExtensionToPageMessage } from '../src/bridge/index.js';

const env = { channel: 'viewlink-bridge', version: 1, request_id: 'r1' };

describe('bridge messages', () => {
  it('parses an unknown message type instead of throwing', () => {
    expect(ExtensionToPageMessage.safeParse({ ...env, type: 'future-thing' }).success).toBe(true);
  });
  it('rejects messages from another channel', () => {
    expect(ExtensionToPageMessage.safeParse({ ...env, channel: 'other', type: 'hello-ack' }).success).toBe(false);
  });
});
