/**
 * The foundation demo: the mock service (Partner fake at /, CMS fake at /wp-json) plus a flaky
 * demo route, served for real on 127.0.0.1 and called through the transport.
 */
import { createMockService, createRouter, json, mount } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { route, routeTable, siteIndex, TokenPair } from '@viewlink/schemas';
import { createTransport, parseInput, ValidationError } from '@viewlink/transport';
import * as z from 'zod/mini';

const Greeting = z.looseObject({ message: z.string(), attempt: z.int() });
const table = routeTable({
  'GET /v1/hello': route({
    method: 'GET',
    path: '/v1/hello',
    operationId: 'hello',
    summary: 'Says hello; fails once with 503 first',
    auth: 'apiKey',
    query: z.object({ name: z.string().check(z.minLength(1)) }),
    response: Greeting,
  }),
});

let attempts = 0;
const router = createRouter({
  table,
  implementations: {
    'GET /v1/hello': ({ query }) =>
      ++attempts === 1
        ? json({ error: { code: 'busy', message: 'try later' } }, 503)
        : json({ message: `hello ${query.name}`, attempt: attempts }),
  },
  invalid: (_route, part, issues) =>
    json({ error: { code: 'invalid_request', message: `${part}: ${issues[0]?.message}` } }, 400),
  notFound: () => json({ error: { code: 'not_found', message: 'No route' } }, 404),
});

const SECRET = 'vl_demo_api_key_123456';
const service = createMockService({ partner: { apiKeys: [SECRET] } });
const server = await serve({
  handle: mount([
    { prefix: '/demo', handle: router.handle },
    { prefix: '', handle: service.handle },
  ]),
});
const steps: Array<[string, boolean]> = [];
const step = (text: string, ok: boolean) => {
  steps.push([text, ok]);
  console.log(`${ok ? '✔' : '✘'} ${text}`);
};
const logLines: string[] = [];
const transport = createTransport({
  baseUrl: server.url,
  headers: () => ({ authorization: `Bearer ${SECRET}` }),
  secrets: () => [SECRET],
  retry: { limit: 2, baseDelayMs: 50 },
  logger: { warn: (line) => logLines.push(line), error: (line) => logLines.push(line) },
});

try {
  console.log(`mock service on ${server.url}`);
  const hello = await transport.request({
    method: 'GET',
    path: '/demo/v1/hello',
    query: { name: 'partner' },
    schema: Greeting,
  });
  step(
    `GET /v1/hello answered "${hello.data.message}" after a 503 and one retry (attempt ${hello.data.attempt})`,
    hello.data.attempt === 2,
  );
  const pair = await transport.request({
    method: 'POST',
    path: '/v1/auth/token',
    json: { user_id: 'demo-user' },
    schema: TokenPair,
  });
  step(
    `POST /v1/auth/token issued a token pair (access token expires in ${pair.data.expires_in} s)`,
    pair.data.access_token.length > 0,
  );
  const index = await transport.request({ method: 'GET', path: '/wp-json/', schema: siteIndex });
  step(`GET /wp-json/ site index lists ${index.data.namespaces.join(', ')}`, index.data.namespaces.includes('cms/v2'));
  try {
    parseInput(z.object({ name: z.string().check(z.minLength(1)) }), { name: '' }, 'hello query');
    step('empty name refused before sending', false);
  } catch (error) {
    step(`bad input refused before any request: ${(error as Error).message}`, error instanceof ValidationError);
  }
  const missing = await transport
    .request({ method: 'GET', path: '/v1/nothing', query: { token: SECRET } })
    .catch((e: unknown) => e);
  step(
    `unknown route → ${(missing as Error).name}: ${(missing as Error).message}`,
    (missing as { status?: number }).status === 404,
  );
  step(
    'no secret in any error or log line',
    !`${String(missing)}${JSON.stringify(missing)}${logLines.join('')}`.includes(SECRET) &&
      !JSON.stringify(pair).includes(SECRET),
  );
} finally {
  await server.close();
}
const failed = steps.filter(([, ok]) => !ok).length;
console.log(`\ndemo: ${steps.length - failed} of ${steps.length} steps did what they say`);
process.exit(failed === 0 ? 0 : 1);
