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
