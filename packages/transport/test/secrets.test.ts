import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createTransport } from '../src/index.js';
import { BASE, useMswServer } from './helpers.js';

const server = useMswServer();
const SECRET = 'sk_live_SECRET_7f3a9c';

function everyRendering(error: unknown): string {
  return [
    String(error),
    (error as Error).message,
    JSON.stringify(error),
    inspect(error, { depth: 10 }),
    (error as Error).stack,
  ].join('\n');
}

describe('secrets', () => {
  it('never shows a secret in errors or log lines, even when the server echoes it', async () => {
    server.use(
      http.get(`${BASE}/x`, ({ request }) =>
        HttpResponse.json(
          { error: { code: 'bad', message: `bad key ${request.headers.get('authorization')}` } },
          { status: 401 },
        ),
      ),
    );
    const lines: string[] = [];
    const log = (message: string, fields?: unknown) => lines.push(message + JSON.stringify(fields ?? {}));
    const transport = createTransport({
      baseUrl: BASE,
      headers: () => ({ authorization: `Bearer ${SECRET}` }),
      secrets: () => [SECRET],
      logger: { debug: log, info: log, warn: log, error: log },
    });
    const error = await transport
      .request({ method: 'GET', path: '/x', query: { api_key: SECRET, token: SECRET } })
      .catch((e: unknown) => e);
    const text = everyRendering(error) + lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(text).toContain('[REDACTED]');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(btoa(SECRET));
  });

  it('strips userinfo and secret-looking query values from URLs', () => {
    const transport = createTransport({ baseUrl: BASE, secrets: () => [SECRET] });
    const url = transport.redactor.url(
      `https://user:pw@example.test/a?page=2&password=hunter22&access_token=${SECRET}`,
    );
    expect(url).toBe('https://example.test/a?page=2&password=[REDACTED]&access_token=[REDACTED]');
  });

  it('strips the signatures of pre-signed URLs (S3, GCS, Azure SAS), keeping what is not secret', () => {
    const transport = createTransport({ baseUrl: BASE });
    const url = transport.redactor.url(
      'https://bucket.example.test/f.gz?X-Amz-Credential=AKIA1%2F20261127&X-Amz-Signature=abc123&X-Amz-Expires=300' +
        '&X-Goog-Signature=def456&sig=ghi789&sv=2024-01-01',
    );
    expect(url).toBe(
      'https://bucket.example.test/f.gz?X-Amz-Credential=[REDACTED]&X-Amz-Signature=[REDACTED]&X-Amz-Expires=300' +
        '&X-Goog-Signature=[REDACTED]&sig=[REDACTED]&sv=2024-01-01',
    );
  });
});
