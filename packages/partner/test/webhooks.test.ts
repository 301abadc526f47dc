import { inspect } from 'node:util';
import { KNOWN_WEBHOOK_EVENT_TYPES } from '@viewlink/schemas';
import { ConfigurationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import {
  createMemoryEventStore,
  createNodeWebhookHandler,
  createTestWebhookEvent,
  createTestWebhookRequest,
  createWebhookHandler,
  createWebhookVerifier,
  parseWebhookEvent,
  signWebhookForTest,
  verifyWebhook,
  WebhookBodyError,
  WebhookVerificationError,
} from '../src/webhooks/index.js';

const SECRET = 'whsec_RECOGNISABLE_SECRET_0123456789';
const OLD_SECRET = 'whsec_OLD_ROTATED_SECRET_9876543210';
const refresh = () => createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'ref_1', services: ['svc-a'] });
const file = { id: 'file_1', format: 'ndjson', compression: 'gzip', record_count: 2 };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function expectNoSecret(error: unknown, ...secrets: string[]): void {
  const views = [String(error), JSON.stringify(error) ?? '', inspect(error, { depth: 10, showHidden: true })];
  for (const view of views) for (const secret of secrets) expect(view).not.toContain(secret);
}

describe('verifyWebhook: secret scheme (the spec: Signature carries the secret)', () => {
  it('accepts the configured secret and returns the typed event', async () => {
    const { body, headers } = await signWebhookForTest(refresh(), { secret: SECRET });
    const event = await verifyWebhook({ body, headers }, { secret: SECRET });
    expect(event.type).toBe('UserDataRefreshCompleted');
    if (event.type === 'UserDataRefreshCompleted') expect(event.refresh_id).toBe('ref_1');
  });
  it('accepts any secret of a rotation list', async () => {
    const { body, headers } = await signWebhookForTest(refresh(), { secret: OLD_SECRET });
    await expect(verifyWebhook({ body, headers }, { secret: [SECRET, OLD_SECRET] })).resolves.toMatchObject({
      type: 'UserDataRefreshCompleted',
    });
  });
  it('refuses a missing Signature header with reason missing_signature', async () => {
    const error = await rejection(verifyWebhook({ body: JSON.stringify(refresh()), headers: {} }, { secret: SECRET }));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toMatchObject({ reason: 'missing_signature', status: 401 });
  });
  it('refuses a wrong secret, a prefix and an extension of it, without leaking either', async () => {
    for (const wrong of ['nope', SECRET.slice(0, -1), `${SECRET}x`, SECRET.toUpperCase(), ` ${SECRET}x`]) {
      const error = await rejection(
        verifyWebhook({ body: JSON.stringify(refresh()), headers: { signature: wrong } }, { secret: SECRET }),
      );
      expect(error).toMatchObject({ name: 'WebhookVerificationError', reason: 'invalid_signature' });
      expectNoSecret(error, SECRET, wrong);
    }
  });
  it('reads the header case-insensitively from records and Headers', async () => {
    const body = JSON.stringify(refresh());
    await expect(verifyWebhook({ body, headers: { Signature: SECRET } }, { secret: SECRET })).resolves.toBeTruthy();
    await expect(
      verifyWebhook({ body, headers: new Headers({ SIGNATURE: SECRET }) }, { secret: SECRET }),
    ).resolves.toBeTruthy();
  });
  it('verifies a Request directly', async () => {
    const request = await createTestWebhookRequest(refresh(), { secret: SECRET });
    await expect(verifyWebhook(request, { secret: SECRET })).resolves.toMatchObject({ user_id: 'user_test' });
  });
  it('refuses a Request whose body was already read, explaining why', async () => {
    const request = await createTestWebhookRequest(refresh(), { secret: SECRET });
    await request.text();
    const error = await rejection(verifyWebhook(request, { secret: SECRET }));
    expect(error).toMatchObject({ name: 'WebhookBodyError', reason: 'not_raw' });
    expect(String(error)).toContain('request.text()');
  });
});

describe('verifyWebhook: hmac-sha256 scheme (opt-in)', () => {
  const now = () => Date.parse('2026-06-01T12:00:00Z');
  const options = { secret: SECRET, scheme: 'hmac-sha256', now } as const;

  it('accepts a correct signature and does not send the secret itself', async () => {
    const signed = await signWebhookForTest(refresh(), { secret: SECRET, scheme: 'hmac-sha256', timestamp: now() });
    expect(signed.headers.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(signed.headers.signature).not.toContain(SECRET);
    await expect(verifyWebhook(signed, options)).resolves.toMatchObject({ type: 'UserDataRefreshCompleted' });
  });
  it('refuses an altered body', async () => {
    const signed = await signWebhookForTest(refresh(), { secret: SECRET, scheme: 'hmac-sha256', timestamp: now() });
    const altered = signed.body.replace('ref_1', 'ref_2');
    const error = await rejection(verifyWebhook({ body: altered, headers: signed.headers }, options));
    expect(error).toMatchObject({ reason: 'invalid_signature' });
  });
  it('refuses an old timestamp (replay) even when the signature is right', async () => {
    const signed = await signWebhookForTest(refresh(), {
      secret: SECRET,
      scheme: 'hmac-sha256',
      timestamp: now() - 301_000,
    });
    const error = await rejection(verifyWebhook(signed, options));
    expect(error).toMatchObject({ reason: 'timestamp_out_of_tolerance' });
  });
  it('refuses the spec-scheme header (the bare secret) as malformed', async () => {
    const signed = await signWebhookForTest(refresh(), { secret: SECRET });
    const error = await rejection(verifyWebhook(signed, options));
    expect(error).toMatchObject({ reason: 'malformed_signature' });
    expectNoSecret(error, SECRET);
  });
  it('accepts a signature by a rotated secret, and several v1 entries', async () => {
    const a = await signWebhookForTest(refresh(), { secret: OLD_SECRET, scheme: 'hmac-sha256', timestamp: now() });
    const b = await signWebhookForTest(a.body, { secret: 'other-secret', scheme: 'hmac-sha256', timestamp: now() });
    const v1 = (h: string) => h.split(',')[1];
    const headers = {
      signature: `${a.headers.signature.split(',')[0]},${v1(b.headers.signature)},${v1(a.headers.signature)}`,
    };
    await expect(
      verifyWebhook({ body: a.body, headers }, { ...options, secret: [SECRET, OLD_SECRET] }),
    ).resolves.toBeTruthy();
  });
});

describe('verifyWebhook: configuration', () => {
  it.each([
    ['undefined', undefined],
    ['empty string', ''],
    ['empty list', []],
    ['list with an empty secret', [SECRET, '']],
    ['whitespace only', '  '],
    ['list with a whitespace secret', [SECRET, ' \n']],
  ])('refuses %s as secret: never accepts silently', async (_, secret) => {
    const error = await rejection(
      verifyWebhook({ body: '{}', headers: {} }, { secret } as unknown as Parameters<typeof verifyWebhook>[1]),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    // A list with one usable secret names the blank entry; otherwise no secret is configured.
    expect(String(error)).toContain(
      Array.isArray(secret) && secret.length > 1 ? '`secret[1]` is missing or blank' : 'secret: false',
    );
    expect(() => createWebhookVerifier({ secret } as never)).toThrow(ConfigurationError);
  });
  it('refuses missing options with the ConfigurationError, not a TypeError', async () => {
    const error = await rejection(verifyWebhook({ body: '{}', headers: {} }, undefined as never));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(String(error)).toContain('secret: false');
    expect(() => createWebhookVerifier(null as never)).toThrow(ConfigurationError);
  });

  it('refuses an option name it does not take, and a callback under an event type it does not know, at creation', async () => {
    // `tolerance` for `toleranceSeconds` would keep the 300 s default without a word.
    const verifying = await rejection(
      verifyWebhook({ body: '{}', headers: {} }, { secret: SECRET, tolerance: 30 } as never),
    );
    expect(verifying).toBeInstanceOf(ConfigurationError);
    expect(String(verifying)).toContain(
      'verifyWebhook(): tolerance is an unknown option (known: secret, scheme, maxBodyBytes, toleranceSeconds, now)',
    );
    expect(String(verifying)).not.toContain(SECRET);
    expect(() => createWebhookVerifier({ secret: SECRET, schema: 'hmac-sha256' } as never)).toThrow(
      'createWebhookVerifier(): schema is an unknown option',
    );
    expect(() => createWebhookHandler({ secret: SECRET, onUnkown: () => {} } as never)).toThrow(
      /^createWebhookHandler\(\): onUnkown is an unknown option \(known: secret, .*, on, onUnknown, store, trustProxy, allowInsecureHttp, onError\)$/,
    );
    expect(() => createNodeWebhookHandler({ secret: SECRET, on: { DeltaFilePosed: () => {} } } as never)).toThrow(
      /^createNodeWebhookHandler\(\): on\.DeltaFilePosed is an unknown option \(known: .*DeltaFilePosted/,
    );
    expect(() => createWebhookHandler({ secret: SECRET, on: () => {} } as never)).toThrow(
      /^createWebhookHandler\(\): `on` must be an object: \{ .*DeltaFilePosted/,
    );
    // Callbacks and the store are checked at start-up, not at the first event they would fail on.
    for (const [options, message] of [
      [{ on: { DeltaFilePosted: 'handle' } }, 'createWebhookHandler(): `on.DeltaFilePosted` must be a function'],
      [{ onError: console }, 'createWebhookHandler(): `onError` must be a function'],
      [{ onUnknown: 5 }, 'createWebhookHandler(): `onUnknown` must be a function'],
      [
        { store: new Map() },
        'createWebhookHandler(): `store` must be false or have begin(id), complete(id) and release(id) methods',
      ],
    ] as const)
      expect(() => createWebhookHandler({ secret: SECRET, ...options } as never)).toThrow(message);
    // Every known option and event type is taken.
    expect(() =>
      createWebhookHandler({
        secret: SECRET,
        scheme: 'secret',
        maxBodyBytes: 1024,
        toleranceSeconds: 60,
        now: Date.now,
        on: { DeltaFilePosted: () => {}, InitialFilePosted: () => {} },
        onUnknown: () => {},
        store: false,
        trustProxy: false,
        allowInsecureHttp: true,
        onError: () => {},
      }),
    ).not.toThrow();
  });

  it('signWebhookForTest refuses a missing secret instead of signing with "undefined"', async () => {
    for (const options of [{}, { secret: '' }, undefined])
      await expect(signWebhookForTest(refresh(), options as never)).rejects.toThrow(/`secret` is required/);
  });

  it('accepts unsigned requests only with an explicit secret: false', async () => {
    await expect(
      verifyWebhook({ body: JSON.stringify(refresh()), headers: {} }, { secret: false }),
    ).resolves.toMatchObject({ type: 'UserDataRefreshCompleted' });
  });
  it('refuses a non-positive body limit', () => {
    expect(() => createWebhookVerifier({ secret: SECRET, maxBodyBytes: 0 })).toThrow(ConfigurationError);
  });
});

describe('verifyWebhook: body', () => {
  it('takes a string, a Uint8Array, a Buffer and an ArrayBuffer', async () => {
    const text = JSON.stringify(refresh());
    const bytes = new TextEncoder().encode(text);
    for (const body of [text, bytes, Buffer.from(text), bytes.buffer]) {
      await expect(verifyWebhook({ body, headers: { signature: SECRET } }, { secret: SECRET })).resolves.toMatchObject({
        type: 'UserDataRefreshCompleted',
      });
    }
  });
  it('refuses an already-parsed object, naming express.raw and request.text()', async () => {
    const error = await rejection(
      verifyWebhook({ body: refresh() as never, headers: { signature: SECRET } }, { secret: SECRET }),
    );
    expect(error).toBeInstanceOf(WebhookBodyError);
    expect(error).toMatchObject({ reason: 'not_raw', status: 500 });
    expect(String(error)).toContain('express.raw');
    expect(String(error)).toContain('request.text()');
  });
  it('refuses a body over the limit before checking the signature (413)', async () => {
    const body = JSON.stringify({ ...refresh(), pad: 'x'.repeat(2000) });
    const error = await rejection(verifyWebhook({ body, headers: {} }, { secret: SECRET, maxBodyBytes: 1000 }));
    expect(error).toMatchObject({ reason: 'too_large', status: 413 });
  });
  it('counts bytes, not characters', async () => {
    const body = JSON.stringify({ ...refresh(), pad: 'é'.repeat(600) }); // > 1200 bytes, < 1000 + chars
    const error = await rejection(
      verifyWebhook({ body, headers: { signature: SECRET } }, { secret: SECRET, maxBodyBytes: 1200 }),
    );
    expect(error).toMatchObject({ reason: 'too_large' });
  });
  it('refuses a too-large Request by content-length and by streamed size', async () => {
    const big = JSON.stringify({ ...refresh(), pad: 'x'.repeat(5000) });
    const declared = new Request('https://x/', { method: 'POST', body: big, headers: { signature: SECRET } });
    await expect(verifyWebhook(declared, { secret: SECRET, maxBodyBytes: 1000 })).rejects.toMatchObject({
      reason: 'too_large',
    });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(500).fill(32));
        controller.close();
      },
    });
    const chunked = new Request('https://x/', {
      method: 'POST',
      body: stream,
      headers: { signature: SECRET },
      duplex: 'half',
    } as RequestInit);
    await expect(verifyWebhook(chunked, { secret: SECRET, maxBodyBytes: 1000 })).rejects.toMatchObject({
      reason: 'too_large',
    });
  });
});

describe('parseWebhookEvent', () => {
  it('parses each known event and keeps extra fields', () => {
    const events = [
      refresh(),
      createTestWebhookEvent('InitialFilePosted', { file, sequence: 1 }),
      createTestWebhookEvent('DeltaFilePosted', { file, sequence: 2, base_sequence: 1 }),
      createTestWebhookEvent('UserFilePosted', { file, sequence: 3, reason: 'relinked', extra: { a: 1 } }),
    ];
    for (const e of events) expect(parseWebhookEvent(JSON.stringify(e))).toEqual(e);
  });
  it('returns an unknown event type as the unknown variant with its payload', () => {
    const event = parseWebhookEvent(JSON.stringify({ type: 'AccountBroken', id: 'evt_9', service: 'svc-a' }));
    expect(event).toEqual({
      type: 'unknown',
      eventType: 'AccountBroken',
      id: 'evt_9',
      payload: { type: 'AccountBroken', id: 'evt_9', service: 'svc-a' },
    });
  });
  it('treats inherited property names as unknown types, not as schemas', () => {
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(parseWebhookEvent(JSON.stringify({ type }))).toMatchObject({ type: 'unknown', eventType: type });
  });
  it('createTestWebhookEvent() builds every known type well-formed, the fields given overriding its test values', async () => {
    // Before, only id, user_id and occurred_at were filled: createTestWebhookEvent('InitialFilePosted')
    // had no file or sequence, and a receiver under test answered 400 to it.
    for (const type of KNOWN_WEBHOOK_EVENT_TYPES) {
      const event = createTestWebhookEvent(type);
      expect(parseWebhookEvent(JSON.stringify(event)).type).toBe(type);
      const handled: string[] = [];
      const handler = createWebhookHandler({
        secret: 'test-secret',
        on: { [type]: (received: { type: string }) => void handled.push(received.type) },
      });
      expect((await handler(await createTestWebhookRequest(event, { secret: 'test-secret' }))).status).toBe(200);
      expect(handled).toEqual([type]);
    }
    const delta = createTestWebhookEvent('DeltaFilePosted', { sequence: 8, base_sequence: 7 });
    expect([delta.sequence, delta.base_sequence, typeof delta.file.id]).toEqual([8, 7, 'string']);
    // A field left out on purpose (a malformed event for a 400 test): pass it as undefined.
    expect(() =>
      parseWebhookEvent(JSON.stringify(createTestWebhookEvent('InitialFilePosted', { file: undefined }))),
    ).toThrow(WebhookBodyError);
  });
  it('refuses a known type with a missing field, naming the path', () => {
    const bad = createTestWebhookEvent('DeltaFilePosted', { file, sequence: 2, base_sequence: undefined });
    try {
      parseWebhookEvent(JSON.stringify(bad));
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ reason: 'invalid_event', status: 400 });
      expect((error as WebhookBodyError).issues.map((i) => i.path)).toEqual([['base_sequence']]);
      expect((error as WebhookBodyError).message).toBe('Invalid DeltaFilePosted event: base_sequence is required');
    }
  });
  it('names every missing field of a known type in the message, and no value', () => {
    const event = createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'r-1' });
    const { user_id: _user, occurred_at: _at, ...rest } = event;
    try {
      parseWebhookEvent(JSON.stringify({ ...rest, id: 'evt_SECRETISH_ID', services: [42] }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(WebhookBodyError);
      const message = (error as WebhookBodyError).message;
      expect(message).toMatch(/^Invalid UserDataRefreshCompleted event: /);
      expect(message).toContain('user_id is required');
      expect(message).toContain('occurred_at is required');
      expect(message).toContain('services[0] must be a string');
      expect(message).not.toContain('SECRETISH');
    }
  });
  it.each([
    ['not JSON', 'nope{', 'invalid_json'],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), 'invalid_json'],
    ['an array', '[1]', 'invalid_event'],
    ['null', 'null', 'invalid_event'],
    ['no type', '{"id":"x"}', 'invalid_event'],
    ['a numeric type', '{"type":3}', 'invalid_event'],
  ])('refuses %s with a 400 reason', (_, body, reason) => {
    expect(() => parseWebhookEvent(body)).toThrow(expect.objectContaining({ reason, status: 400 }));
  });
  it('does not quote the body in the error (it may hold personal data)', () => {
    try {
      parseWebhookEvent('{"email":"person@example.com", oops}');
      expect.unreachable();
    } catch (error) {
      expect(inspect(error, { showHidden: true })).not.toContain('person@example.com');
    }
  });
});

describe('a shared store that fails', () => {
  // Thrown synchronously: WebhookEventStore methods may answer without a promise.
  const down = () => {
    throw new Error('connection refused');
  };

  it('answers 500 naming the store, not the callback, which never ran (the service redelivers)', async () => {
    let calls = 0;
    const reported: number[] = [];
    const handler = createWebhookHandler({
      secret: SECRET,
      allowInsecureHttp: true,
      store: { begin: down, complete: () => undefined, release: () => undefined },
      on: { UserDataRefreshCompleted: () => void calls++ },
      onError: (_error, { status }) => reported.push(status),
    });
    const response = await handler(
      await createTestWebhookRequest(createTestWebhookEvent('UserDataRefreshCompleted', {}), { secret: SECRET }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: {
        code: 'event_store_failed',
        message: 'The webhook event store failed before the handler ran; the delivery should be retried',
      },
    });
    expect(calls).toBe(0);
    expect(reported).toEqual([500]);
  });

  it('answers 200 when only marking a handled event done failed, and reports it (a 500 would run it again)', async () => {
    let calls = 0;
    const reported: number[] = [];
    const handler = createWebhookHandler({
      secret: SECRET,
      allowInsecureHttp: true,
      store: { begin: () => 'new', complete: down, release: () => undefined },
      on: { UserDataRefreshCompleted: () => void calls++ },
      onError: (_error, { status }) => reported.push(status),
    });
    const response = await handler(
      await createTestWebhookRequest(createTestWebhookEvent('UserDataRefreshCompleted', {}), { secret: SECRET }),
    );
    expect(response.status).toBe(200);
    expect(calls).toBe(1);
    expect(reported).toEqual([200]);
  });
});

describe('a store whose release() throws after the callback threw', () => {
  it('still answers 500 for the callback (the store failure is not thrown at the server)', async () => {
    const handler = createWebhookHandler({
      secret: SECRET,
      allowInsecureHttp: true,
      store: {
        begin: () => 'new',
        complete: () => undefined,
        release: () => {
          throw new Error('connection refused');
        },
      },
      on: {
        UserDataRefreshCompleted: () => {
          throw new Error('handler bug');
        },
      },
    });
    const response = await handler(
      await createTestWebhookRequest(createTestWebhookEvent('UserDataRefreshCompleted', {}), { secret: SECRET }),
    );
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe('handler_failed');
  });
});

describe('createMemoryEventStore', () => {
  it('claims once, reports processing then done, and forgets released ids', async () => {
    const store = createMemoryEventStore();
    expect(await store.begin('a')).toBe('new');
    expect(await store.begin('a')).toBe('processing');
    await store.complete('a');
    expect(await store.begin('a')).toBe('done');
    expect(await store.begin('b')).toBe('new');
    await store.release('b');
    expect(await store.begin('b')).toBe('new');
  });
  it('forgets ids after the TTL', async () => {
    let t = 0;
    const store = createMemoryEventStore({ ttlMs: 1000, now: () => t });
    await store.begin('a');
    await store.complete('a');
    t = 999;
    expect(await store.begin('a')).toBe('done');
    t = 1000;
    expect(await store.begin('a')).toBe('new');
  });
  it('refuses a ttl that would forget every id at once (redeliveries would run twice)', () => {
    for (const ttlMs of [0, -1, Number.NaN])
      expect(() => createMemoryEventStore({ ttlMs })).toThrow(/`ttlMs` must be a positive number/);
    expect(() => createMemoryEventStore({ maxEntries: Number.NaN })).toThrow(ConfigurationError);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const store = createMemoryEventStore({ maxEntries: 3 });
    for (const id of ['a', 'b', 'c', 'd']) {
      await store.begin(id);
      await store.complete(id);
    }
    expect(store.size).toBe(3);
    expect(await store.begin('a')).toBe('new');
    expect(await store.begin('d')).toBe('done');
  });
});

describe('objects the SDK builds never show the secret', () => {
  it('verifier, handlers and store reveal nothing when inspected or serialized', async () => {
    const { createWebhookHandler, createNodeWebhookHandler } = await import('../src/webhooks/index.js');
    const objects = [
      createWebhookVerifier({ secret: [SECRET, OLD_SECRET] }),
      createWebhookVerifier({ secret: SECRET, scheme: 'hmac-sha256' }),
      createWebhookHandler({ secret: SECRET }),
      createNodeWebhookHandler({ secret: SECRET }),
      createMemoryEventStore(),
    ];
    for (const object of objects) expectNoSecret(object, SECRET, OLD_SECRET);
  });
});

describe('errors never carry the secret', () => {
  it('holds for every refusal path', async () => {
    const body = JSON.stringify(refresh());
    const errors = await Promise.all([
      rejection(verifyWebhook({ body, headers: { signature: `${SECRET}-wrong` } }, { secret: SECRET })),
      rejection(verifyWebhook({ body, headers: { signature: 'x'.repeat(5000) } }, { secret: SECRET })),
      rejection(verifyWebhook({ body, headers: { signature: SECRET } }, { secret: OLD_SECRET })),
      rejection(verifyWebhook({ body: 'nope', headers: { signature: SECRET } }, { secret: SECRET })),
      rejection(
        verifyWebhook({ body, headers: { signature: 't=1,v1=00' } }, { secret: SECRET, scheme: 'hmac-sha256' }),
      ),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expectNoSecret(error, SECRET, OLD_SECRET);
    }
  });
});

describe('verifyWebhook: misuse from JavaScript', () => {
  it('refuses a missing input or body with a typed error, not a TypeError', async () => {
    for (const input of [undefined, null, {}, { headers: { signature: SECRET } }]) {
      const error = await rejection(verifyWebhook(input as never, { secret: SECRET }));
      expect(error).toBeInstanceOf(WebhookBodyError);
    }
  });
});

describe('portability (Workers, Deno, Bun)', () => {
  it('webhooks and files code uses no Node built-ins or globals', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const roots = ['webhooks', 'files'].map((d) => join(import.meta.dirname, '../src', d));
    const files = roots.flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(root, f)),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\*\*|\/\/)/.test(line))
        .join('\n');
      expect(code, file).not.toMatch(/from ['"]node:|require\(|\bBuffer\b|\bprocess\.|__dirname/);
    }
  });
});
