import { describe, expect, it } from 'vitest';
import {
  BridgeConnectRequest,
  BridgeConnectResult,
  ConsentRecord,
  ExtensionToPageMessage,
  negotiateBridgeVersion,
  PageToExtensionMessage,
} from '../src/bridge/index.js';

const env = { channel: 'viewlink-bridge', version: 1, request_id: 'r1' };
const consent = { video_privacy: true, terms_and_privacy: true, accepted_at: '2026-11-23T10:00:00Z' };

describe('bridge messages', () => {
  it('parses an unknown message type instead of throwing', () => {
    expect(ExtensionToPageMessage.safeParse({ ...env, type: 'future-thing' }).success).toBe(true);
    expect(PageToExtensionMessage.safeParse({ ...env, type: 'future-request', extra: 1 }).success).toBe(true);
  });
  it('rejects messages from another channel', () => {
    expect(ExtensionToPageMessage.safeParse({ ...env, channel: 'other', type: 'hello-ack' }).success).toBe(false);
  });
  it('rejects a message without a request id or with a non-positive version', () => {
    expect(ExtensionToPageMessage.safeParse({ channel: 'viewlink-bridge', version: 1, type: 'x' }).success).toBe(false);
    expect(ExtensionToPageMessage.safeParse({ ...env, version: 0, type: 'x' }).success).toBe(false);
  });
  it('parses known messages to their own shape', () => {
    const ack = ExtensionToPageMessage.parse({
      ...env,
      type: 'hello-ack',
      selected_version: 1,
      supported_versions: [1],
    });
    expect(ack).toMatchObject({ type: 'hello-ack', selected_version: 1 });
    const result = BridgeConnectResult.parse({
      ...env,
      type: 'connect-result',
      service: 'streamflix',
      linked_account_id: 'acc_1',
      status: 'active',
    });
    expect(result.linked_account_id).toBe('acc_1');
    const error = ExtensionToPageMessage.parse({ ...env, type: 'error', code: 'some-new-code' });
    expect(error).toMatchObject({ code: 'some-new-code' });
  });
  it('connect requires the consent record and the access token', () => {
    const connect = { ...env, type: 'connect', service: 'streamflix', consent, access_token: 'at' };
    expect(BridgeConnectRequest.safeParse(connect).success).toBe(true);
    expect(BridgeConnectRequest.safeParse({ ...connect, consent: undefined }).success).toBe(false);
    expect(BridgeConnectRequest.safeParse({ ...connect, access_token: undefined }).success).toBe(false);
  });
});

describe('consent record', () => {
  it('exists only with both consents given', () => {
    expect(ConsentRecord.safeParse(consent).success).toBe(true);
    expect(ConsentRecord.safeParse({ ...consent, video_privacy: false }).success).toBe(false);
    expect(ConsentRecord.safeParse({ ...consent, terms_and_privacy: undefined }).success).toBe(false);
    expect(ConsentRecord.safeParse({ ...consent, accepted_at: 'yesterday' }).success).toBe(false);
  });
});

describe('version negotiation', () => {
  it('picks the highest common version', () => {
    expect(negotiateBridgeVersion([1, 2, 3], [2, 3, 4])).toBe(3);
    expect(negotiateBridgeVersion([1], [1])).toBe(1);
  });
  it('returns undefined without a common version', () => {
    expect(negotiateBridgeVersion([1], [2, 3])).toBeUndefined();
  });
});

describe('bundling', () => {
  it('a bundle that uses one bridge message carries no other (PURE-annotated definitions)', async () => {
    const { build } = await import('esbuild');
    const root = new URL('../../..', import.meta.url).pathname;
    const result = await build({
      stdin: {
        contents:
          "import { BridgeConnectResult } from './packages/schemas/src/bridge/index.ts'; globalThis.x = BridgeConnectResult;",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).toContain('connect-result');
    expect(code).not.toContain('awaiting-mfa');
    expect(code).not.toContain('$ZodDiscriminatedUnion');
  });
});
