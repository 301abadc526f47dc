/**
 * Per-request redaction (issue 16) at the transport: what a request sent is scrubbed from that
 * request's errors and log lines, with no client-wide list of secrets; every string the server
 * controls (code, message, params, details, request id, keys of a drifted body) is scrubbed.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createTransport, type Logger, secretsOfRequest, ValidationError } from '../src/index.js';

const TOKEN = 'vl_at_PERREQUEST_token_4e5f6a';
const REFRESH = 'vl_rt_PERREQUEST_refresh_7b8c9d';

function renderings(error: unknown, lines: readonly string[]): string {
  const e = error as Error;
  return [String(error), e.message, e.stack, JSON.stringify(error), inspect(error, { depth: 10 }), ...lines].join('\n');
}

function forms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), btoa(secret), btoa(`Bearer ${secret}`)];
}

/** A fetch answering `status` with a body and headers that quote whatever credential arrived. */
function echoingFetch(status: number, shape: (credential: string, body: string) => unknown): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const credential = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    const body = request.method === 'GET' ? '' : await request.text();
    return new Response(JSON.stringify(shape(credential, body)), {
      status,
      headers: { 'content-type': 'application/json', 'x-request-id': `req-${credential}` },
    });
  };
}

function recording(lines: string[]): Logger {
  const log = (message: string, fields?: Record<string, unknown>) => lines.push(`${message} ${JSON.stringify(fields)}`);
  return { debug: log, info: log, warn: log, error: log };
}

describe('per-request redaction', () => {
  it('scrubs the token a request sent from code, message, params, details and request id, with no client secrets', async () => {
    const lines: string[] = [];
    const transport = createTransport({
      baseUrl: 'http://127.0.0.1:9',
      logger: recording(lines),
      // No `secrets`: the client knows nothing of this user's token.
      fetch: echoingFetch(403, (token) => ({
        code: `denied_${token}`,
        message: `token ${token} (${encodeURIComponent(token)}, ${btoa(token)}) refused`,
        data: { params: { [token]: `bad ${token}` }, details: { [token]: { nested: [token] } } },
        request_id: token,
      })),
      parseErrorBody: (body) => {
        const b = body as { code: string; message: string; data: { params: Record<string, string>; details: object } };
        return { code: b.code, message: b.message, params: b.data.params, details: b.data.details as never };
      },
    });
    const error = await transport
      .request({ method: 'GET', path: '/x', headers: { authorization: `Bearer ${TOKEN}` } })
      .catch((e: unknown) => e);
    const text = renderings(error, lines) + JSON.stringify((error as { details?: unknown }).details);
    expect(text).toContain('[REDACTED]');
    for (const form of forms(TOKEN)) expect(text).not.toContain(form);
  });

  it('scrubs a refresh token sent in a secret-named body field, and one named anything through `secrets`', async () => {
    const lines: string[] = [];
    const transport = createTransport({
      baseUrl: 'http://127.0.0.1:9',
      logger: recording(lines),
      fetch: echoingFetch(400, (_credential, body) => ({ error: { code: 'bad', message: `got ${body}` } })),
    });
    const named = await transport
      .request({ method: 'POST', path: '/renew', json: { refresh_token: REFRESH } })
      .catch((e: unknown) => e);
    const custom = await transport
      .request({ method: 'POST', path: '/renew', json: { rt: REFRESH }, secrets: [REFRESH] })
      .catch((e: unknown) => e);
    for (const error of [named, custom]) {
      expect(String(error)).toContain('[REDACTED]');
      expect(renderings(error, lines)).not.toContain(REFRESH);
    }
  });

  it('scrubs keys of a drifted body from the ResponseValidationError (strict) and the warning (warn)', async () => {
    const schema = z.strictObject({ items: z.array(z.string()) });
    for (const validation of ['strict', 'warn'] as const) {
      const lines: string[] = [];
      const transport = createTransport({
        baseUrl: 'http://127.0.0.1:9',
        validation,
        logger: recording(lines),
        fetch: echoingFetch(200, (token) => ({ items: [], [token]: true })),
      });
      const outcome = await transport
        .request({ method: 'GET', path: '/x', headers: { authorization: `Bearer ${TOKEN}` }, schema })
        .catch((e: unknown) => e);
      const text = validation === 'strict' ? renderings(outcome, lines) : lines.join('\n');
      expect(text).toContain('[REDACTED]');
      expect(text).not.toContain(TOKEN);
    }
  });

  it('refuses a `secrets` option that is not an array of strings, before sending', async () => {
    const transport = createTransport({
      baseUrl: 'http://127.0.0.1:9',
      fetch: () => Promise.reject(new Error('sent')),
    });
    const error = await transport
      .request({ method: 'GET', path: '/x', secrets: 'x' as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toEqual(['secrets']);
  });

  it('finds the credentials of a request: bearer and Basic (decoded), key headers, body fields, query values', () => {
    const found = secretsOfRequest({
      headers: [
        { authorization: `Basic ${btoa('editor:abcd efgh ijkl')}`, 'x-viewlink-sdk-key': 'sdk-key-1234' },
        { authorization: `Bearer ${TOKEN}`, accept: 'application/json' },
      ],
      json: { nested: { refresh_token: REFRESH }, title: 'Not a secret' },
      url: 'https://user:pass-word@site.example/x?api_key=key-5678&page=2',
    });
    for (const secret of [TOKEN, REFRESH, 'editor:abcd efgh ijkl', 'abcd efgh ijkl', 'abcdefghijkl', 'sdk-key-1234'])
      expect(found).toContain(secret);
    expect(found).toContain('key-5678');
    expect(found).toContain('pass-word');
    expect(found).not.toContain('Not a secret');
    expect(found).not.toContain('application/json');
    expect(found).not.toContain('2');
  });
});
