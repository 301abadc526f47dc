// Which level a failed request is logged at: a refusal the server gave (4xx) at `warn`, since the
// caller judges it (a 404 probing for a post, a refused refresh token the partner client heals);
// the service failing (5xx, a connection error) at `error`. The caller gets the error either way.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createTransport } from '../src/index.js';
import { BASE, useMswServer } from './helpers.js';

const server = useMswServer();

function recorded() {
  const lines: Array<[string, string]> = [];
  const at = (level: string) => (message: string) => lines.push([level, message]);
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('the log level of a failed request', () => {
  it('is warn for a refusal (4xx) and error for a failure of the service (5xx, no answer)', async () => {
    server.use(
      http.get(`${BASE}/missing`, () =>
        HttpResponse.json({ error: { code: 'nope', message: 'No such post' } }, { status: 404 }),
      ),
      http.get(`${BASE}/broken`, () =>
        HttpResponse.json({ error: { code: 'oops', message: 'Boom' } }, { status: 500 }),
      ),
      http.get(`${BASE}/gone`, () => HttpResponse.error()),
    );
    const { lines, logger } = recorded();
    const transport = createTransport({ baseUrl: BASE, retry: false, logger });
    for (const path of ['/missing', '/broken', '/gone'])
      await expect(transport.request({ method: 'GET', path })).rejects.toBeDefined();
    const failures = lines.filter(([level]) => level === 'warn' || level === 'error');
    expect(failures.map(([level, message]) => [level, message.split(' (')[0]])).toEqual([
      ['warn', 'viewlink: 404 No such post'],
      ['error', 'viewlink: 500 Boom'],
      ['error', expect.stringMatching(/^viewlink: /)],
    ]);
  });
});

describe('the fields of a failure line', () => {
  it('carry the status, the error code and the request id to quote to support (answered), or the code (no answer)', async () => {
    server.use(
      http.get(`${BASE}/missing`, () =>
        HttpResponse.json(
          { error: { code: 'nope', message: 'No such post' } },
          { status: 404, headers: { 'x-request-id': 'req-404' } },
        ),
      ),
      http.get(`${BASE}/gone`, () => HttpResponse.error()),
    );
    const fields: Array<Record<string, unknown> | undefined> = [];
    const keep = (_message: string, f?: Record<string, unknown>) => fields.push(f);
    const transport = createTransport({ baseUrl: BASE, retry: false, logger: { warn: keep, error: keep } });
    for (const path of ['/missing', '/gone'])
      await expect(transport.request({ method: 'GET', path })).rejects.toBeDefined();
    expect(fields[0]).toEqual({ status: 404, code: 'nope', requestId: 'req-404' });
    expect(fields[1]).toMatchObject({ code: 'connection_error', durationMs: expect.any(Number) });
  });

  it('carry the call the user made (`callSite`), which leads the line as it leads the message', async () => {
    server.use(
      http.get(`${BASE}/missing`, () =>
        HttpResponse.json({ error: { code: 'nope', message: 'No such post' } }, { status: 404 }),
      ),
      http.get(`${BASE}/gone`, () => HttpResponse.error()),
    );
    const lines: Array<[string, Record<string, unknown> | undefined]> = [];
    const keep = (message: string, f?: Record<string, unknown>) => lines.push([message, f]);
    const transport = createTransport({ baseUrl: BASE, retry: false, logger: { warn: keep, error: keep } });
    for (const path of ['/missing', '/gone'])
      await expect(transport.request({ method: 'GET', path, callSite: 'posts.get()' })).rejects.toBeDefined();
    expect(lines[0]).toEqual([`viewlink: posts.get(): 404 No such post (GET ${BASE}/missing)`, expect.anything()]);
    expect(lines[0]?.[1]).toEqual({ status: 404, code: 'nope', callSite: 'posts.get()' });
    expect(lines[1]?.[0]).toMatch(/^viewlink: posts\.get\(\): Connection failed for GET /);
    expect(lines[1]?.[1]).toMatchObject({ code: 'connection_error', callSite: 'posts.get()' });
  });
});
