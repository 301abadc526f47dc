// @vitest-environment happy-dom
import {
  ConnectCancelledError,
  ConnectError,
  createSdk,
  ExtensionIncompatibleError,
  ExtensionNotInstalledError,
  ExtensionTimeoutError,
  type SdkOptions,
  UnsupportedEnvironmentError,
  ValidationError,
} from '@viewlink/web';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE, json, leaks, pair, SDK_KEY, SECRET_ACCESS, stubFetch } from './helpers.js';

type Msg = Record<string, unknown> & { type: string; request_id: string };
type Behaviour = (message: Msg, reply: (m: object) => void) => void;

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const env = (m: Msg, type: string) => ({ channel: 'viewlink-bridge', version: 1, request_id: m.request_id, type });
const received: Msg[] = [];

/** A fake `chrome.runtime` (externally_connectable) whose extension answers with `behaviour`. */
function installExtension(behaviour: Behaviour | 'absent') {
  (globalThis as { chrome?: unknown }).chrome = {
    runtime: {
      connect(id: string) {
        if (behaviour === 'absent' || id !== EXTENSION_ID) throw new Error('Could not establish connection');
        const listeners: Array<(m: unknown) => void> = [];
        const reply = (m: object) =>
          setTimeout(() => {
            for (const l of listeners) l(m);
          }, 1);
        return {
          postMessage(m: Msg) {
            received.push(m);
            behaviour(m, reply);
          },
          disconnect() {},
          onMessage: { addListener: (l: (m: unknown) => void) => listeners.push(l) },
          onDisconnect: { addListener() {} },
        };
      },
    },
  };
}

const ack: Behaviour = (m, reply) => {
  if (m.type === 'hello') reply({ ...env(m, 'hello-ack'), selected_version: 1, supported_versions: [1] });
};
const linking =
  (then: Behaviour): Behaviour =>
  (m, reply) =>
    m.type === 'hello' ? ack(m, reply) : then(m, reply);
const linked: Behaviour = linking((m, reply) => {
  if (m.type !== 'connect') return;
  reply({ ...env(m, 'progress'), stage: 'awaiting-mfa' });
  reply({ ...env(m, 'connect-result'), service: m.service, linked_account_id: 'acc_1', status: 'active' });
});

function sdkWith(behaviour: Behaviour | 'absent', options: SdkOptions = {}, accounts = [{ id: 'acc_1' }]) {
  installExtension(behaviour);
  const { fetch } = stubFetch(() =>
    json({ accounts: accounts.map((a) => ({ service: 'streamflix', profile_id: 'p', status: 'active', ...a })) }),
  );
  const sdk = createSdk({
    baseUrl: BASE,
    fetch,
    extensionId: EXTENSION_ID,
    installUrl: 'https://extensions.example/viewlink',
    handshakeTimeoutMs: 100,
    ...options,
  });
  sdk.initialize(SDK_KEY, pair());
  sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
  return sdk;
}

beforeEach(() => {
  received.length = 0;
  Object.defineProperty(window.navigator, 'userAgent', {
    value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
    configurable: true,
  });
});
afterEach(() => {
  delete (globalThis as { chrome?: unknown }).chrome;
});

describe('connect', () => {
  it('handshakes, sends consent and token on the private channel, and returns only the result', async () => {
    const sdk = sdkWith(linked);
    const progress: unknown[] = [];
    const connected: unknown[] = [];
    sdk.on('progress', (p) => progress.push(p));
    sdk.on('connected', (c) => connected.push(c));
    const result = await sdk.connect({ service: 'streamflix' });
    const link_session_id = result.link_session_id;
    expect(link_session_id).toMatch(/^lnk_[0-9a-f-]{36}$/);
    expect(result).toEqual({
      service: 'streamflix',
      linked_account_id: 'acc_1',
      status: 'active',
      profile_id: undefined,
      profile_name: undefined,
      relinked: false,
      link_session_id,
    });
    expect(connected).toEqual([result]);
    expect(progress).toEqual([{ service: 'streamflix', stage: 'awaiting-mfa', link_session_id }]);
    const [hello, connect] = received;
    expect(hello).toMatchObject({ channel: 'viewlink-bridge', version: 1, type: 'hello', supported_versions: [1] });
    expect(connect).toMatchObject({
      type: 'connect',
      service: 'streamflix',
      access_token: SECRET_ACCESS,
      consent: { video_privacy: true, terms_and_privacy: true },
      link_session_id,
    });
    expect(connect?.request_id).not.toBe(hello?.request_id);
    sdk.dispose();
  });
  it('returns the chosen profile and says when an account was re-linked; each connect has its own link session', async () => {
    const sdk = sdkWith(
      linking((m, reply) => {
        if (m.type !== 'connect') return;
        reply({
          ...env(m, 'connect-result'),
          service: m.service,
          linked_account_id: 'acc_1',
          status: 'active',
          profile_id: 'prof_kids',
          profile_name: 'Kids',
          relinked: true,
        });
      }),
    );
    const first = await sdk.connect({ service: 'streamflix' });
    expect(first).toMatchObject({ profile_id: 'prof_kids', profile_name: 'Kids', relinked: true });
    const second = await sdk.connect({ service: 'streamflix' });
    expect(second.link_session_id).not.toBe(first.link_session_id);
    sdk.dispose();
  });
  it('not installed: a typed error with the install URL', async () => {
    for (const behaviour of ['absent', () => {}] as const) {
      const sdk = sdkWith(behaviour);
      const error = await sdk.connect({ service: 'streamflix' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExtensionNotInstalledError);
      expect(error).toBeInstanceOf(ConnectError);
      expect(error).toMatchObject({ reason: 'extension-missing', linkSessionId: expect.stringMatching(/^lnk_/) });
      expect((error as ExtensionNotInstalledError).installUrl).toBe('https://extensions.example/viewlink');
      expect(leaks(error)).toEqual([]);
      sdk.dispose();
    }
  });
  it('no common protocol version: a typed incompatibility error', async () => {
    const sdk = sdkWith((m, reply) =>
      reply({ ...env(m, 'error'), code: 'unsupported-version', supported_versions: [7] }),
    );
    await expect(sdk.connect({ service: 'streamflix' })).rejects.toBeInstanceOf(ExtensionIncompatibleError);
    const sdk2 = sdkWith((m, reply) => reply({ ...env(m, 'hello-ack'), selected_version: 9, supported_versions: [9] }));
    await expect(sdk2.connect({ service: 'streamflix' })).rejects.toThrow(/\[9\]/);
    sdk.dispose();
    sdk2.dispose();
  });
  it('user cancel, login failure and extension-side timeout map to typed errors', async () => {
    const cases = [
      ['user-cancelled', ConnectCancelledError],
      ['login-failed', ConnectError],
      ['timeout', ExtensionTimeoutError],
    ] as const;
    for (const [code, type] of cases) {
      const sdk = sdkWith(linking((m, reply) => m.type === 'connect' && reply({ ...env(m, 'error'), code })));
      const error = await sdk.connect({ service: 'streamflix' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      if (code === 'login-failed') expect(error).toMatchObject({ reason: 'credentials-rejected' });
      if (code === 'user-cancelled') expect(error).toMatchObject({ reason: 'user-closed' });
      sdk.dispose();
    }
  });
  it('every exit is a ConnectError with a stable reason and the link session; a newer reason passes as is', async () => {
    for (const code of ['user-closed', 'mfa-timeout', 'credentials-rejected', 'service-unavailable', 'brand-new']) {
      const sdk = sdkWith(
        linking((m, reply) => {
          if (m.type !== 'connect') return;
          reply({ ...env(m, 'progress'), stage: 'login-opened' });
          reply({ ...env(m, 'error'), code });
        }),
      );
      const stages: string[] = [];
      sdk.on('progress', (p) => stages.push(p.link_session_id));
      const error = await sdk.connect({ service: 'streamflix' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectError);
      const exit = error as ConnectError;
      expect(exit.reason).toBe(code);
      expect(exit.linkSessionId).toMatch(/^lnk_/);
      expect(stages).toEqual([exit.linkSessionId]);
      expect(exit.toJSON()).toMatchObject({ reason: code, linkSessionId: exit.linkSessionId });
      expect(received.find((m) => m.type === 'connect')?.link_session_id).toBe(exit.linkSessionId);
      received.length = 0;
      sdk.dispose();
    }
  });
  it('scrubs the access token from an extension error message', async () => {
    const sdk = sdkWith(
      linking(
        (m, reply) =>
          m.type === 'connect' && reply({ ...env(m, 'error'), code: 'internal', message: `bad ${m.access_token}` }),
      ),
    );
    const error = await sdk.connect({ service: 'streamflix' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect(String(error)).toContain('[REDACTED]');
    expect(leaks(error)).toEqual([]);
    sdk.dispose();
  });
  it('an extension that never answers times out and is told to cancel', async () => {
    const sdk = sdkWith(
      linking(() => {}),
      { connectTimeoutMs: 80 },
    );
    await expect(sdk.connect({ service: 'streamflix' })).rejects.toBeInstanceOf(ExtensionTimeoutError);
    const connect = received.find((m) => m.type === 'connect');
    expect(received.at(-1)).toMatchObject({ type: 'cancel', request_id: connect?.request_id });
    sdk.dispose();
  });
  it('ignores unknown message types and results for other requests', async () => {
    const sdk = sdkWith(
      linking((m, reply) => {
        if (m.type !== 'connect') return;
        reply({ ...env(m, 'future-thing'), whatever: 1 });
        reply({
          ...env(m, 'connect-result'),
          request_id: 'other',
          service: 'x',
          linked_account_id: 'acc_x',
          status: 'active',
        });
        reply({ ...env(m, 'connect-result'), service: 'streamflix', linked_account_id: 'acc_1', status: 'active' });
      }),
    );
    await expect(sdk.connect({ service: 'streamflix' })).resolves.toMatchObject({ linked_account_id: 'acc_1' });
    sdk.dispose();
  });
  it('ignores malformed messages and accepts a result with fields it does not know', async () => {
    const sdk = sdkWith(
      linking((m, reply) => {
        if (m.type !== 'connect') return;
        const result = { ...env(m, 'connect-result'), service: 'streamflix', linked_account_id: 'acc_bad' };
        reply({ ...result, status: 7 });
        reply({ ...result, status: 'active', channel: 'other-bridge' });
        reply({ ...result, status: 'active', version: 0 });
        reply(Object.assign([], { ...result, status: 'active' }));
        reply({ ...result, linked_account_id: 'acc_1', status: 'active', added_later: { x: 1 } });
      }),
    );
    await expect(sdk.connect({ service: 'streamflix' })).resolves.toMatchObject({
      service: 'streamflix',
      linked_account_id: 'acc_1',
      status: 'active',
    });
    sdk.dispose();
  });
  it('a result the service does not list is refused (forged or stale)', async () => {
    const sdk = sdkWith(linked, {}, [{ id: 'acc_other' }]);
    await expect(sdk.connect({ service: 'streamflix' })).rejects.toMatchObject({ reason: 'unverified' });
    sdk.dispose();
  });
  it('checks the environment before anything else', async () => {
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      configurable: true,
    });
    const sdk = sdkWith(linked);
    await expect(sdk.connect({ service: 'streamflix' })).rejects.toBeInstanceOf(UnsupportedEnvironmentError);
    expect(received).toEqual([]);
    sdk.dispose();
  });
  it('rejects a missing input with a typed error before any message reaches the extension', async () => {
    const sdk = sdkWith(linked);
    for (const input of [undefined, null, 'streamflix']) {
      const error = await sdk.connect(input as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(/^SDK\.connect\(\): expected an object \{ service \} \(got /);
    }
    expect(received).toEqual([]);
    sdk.dispose();
  });
  it('refuses a key connect() does not take, naming it, before the token or the extension is asked', async () => {
    const sdk = sdkWith(linked);
    const error = await sdk.connect({ service: 'streamflix', servce: 'x' } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: ['servce'], message: 'is an unknown option (known: service)' },
    ]);
    expect((error as Error).message).toBe('SDK.connect(): servce is an unknown option (known: service)');
    expect(received).toEqual([]);
    sdk.dispose();
  });
  it('rejects a malformed service id', async () => {
    const sdk = sdkWith(linked);
    await expect(sdk.connect({ service: 'Not A Service' })).rejects.toThrow(/service/);
    sdk.dispose();
  });
});
