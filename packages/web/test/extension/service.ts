/**
 * The route the test extension needs besides the mock service's own `/__mock/` control routes:
 * `GET /__test/whoami` tells it which user an access token belongs to (the Partner API has no
 * such route; a real extension would know its own signed-in user). Shared by the browser tests'
 * fixture and the demo.
 */
import type { MockService } from '@viewlink/mock';

/** Answers `GET /__test/whoami` from the fake's token ledger, or `undefined` for any other request. */
export function answerWhoami(mock: MockService, request: Request): Response | undefined {
  if (new URL(request.url).pathname !== '/__test/whoami') return undefined;
  const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  const pair = mock.partner.pairs.get(token);
  return pair ? Response.json({ user_id: pair.userId }) : Response.json({ error: 'unknown token' }, { status: 401 });
}

/** The mock service's handler plus `GET /__test/whoami`: the service side of the test extension. */
export function withWhoami(mock: MockService): (request: Request) => Promise<Response> {
  return async (request) => answerWhoami(mock, request) ?? mock.handle(request);
}
