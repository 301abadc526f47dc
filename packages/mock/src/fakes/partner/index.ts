/**
 * Stateful fake of the Partner API. First slice: API keys and token issuance; the partner
 * client issue grows it (renewal, users, history, webhooks, data files).
 */
import { partnerRoutes } from '@viewlink/schemas';
import type { Issue } from '@viewlink/transport/errors';
import { createRouter, type Handle, type Implementations, json, type Router } from '../../core/router.js';

/** Options of {@link createPartnerFake}. */
export interface PartnerFakeOptions {
  /** API keys the fake accepts. Default `['vl_test_api_key']`. */
  readonly apiKeys?: readonly string[];
  /** The fake's clock in milliseconds; inject one to expire tokens in tests. Default `Date.now`. */
  readonly now?: () => number;
  /** Access-token lifetime in seconds. Default 3600. */
  readonly accessTokenTtl?: number;
  /** Refresh-token lifetime in seconds. Default 30 days. */
  readonly refreshTokenTtl?: number;
}

/** A token pair the fake issued, with absolute expiry on the fake's clock. */
export interface IssuedPair {
  readonly userId: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly accessExpiresAt: number;
  readonly refreshExpiresAt: number;
}

/** A running Partner API fake. */
export interface PartnerFake {
  /** Answers one request (paths as the Partner API has them, e.g. `/v1/auth/token`). */
  readonly handle: Handle;
  readonly router: Router;
  readonly table: typeof partnerRoutes;
  /** Pairs issued so far, by access token. */
  readonly pairs: ReadonlyMap<string, IssuedPair>;
}

/** The Partner API's error body (docs/decisions/partner.md). */
export function partnerError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

function bearer(request: Request): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Creates a Partner API fake with its own state. */
export function createPartnerFake(options: PartnerFakeOptions = {}): PartnerFake {
  const apiKeys = new Set(options.apiKeys ?? ['vl_test_api_key']);
  const now = options.now ?? Date.now;
  const accessTtl = options.accessTokenTtl ?? 3600;
  const refreshTtl = options.refreshTokenTtl ?? 30 * 24 * 3600;
  const pairs = new Map<string, IssuedPair>();
  let sequence = 0;

  const issue = (userId: string): Response => {
    sequence += 1;
    const pair: IssuedPair = {
      userId,
      accessToken: `vl_at_${sequence}_${crypto.randomUUID()}`,
      refreshToken: `vl_rt_${sequence}_${crypto.randomUUID()}`,
      accessExpiresAt: now() + accessTtl * 1000,
      refreshExpiresAt: now() + refreshTtl * 1000,
    };
    pairs.set(pair.accessToken, pair);
    return json({
      access_token: pair.accessToken,
      refresh_token: pair.refreshToken,
      token_type: 'Bearer',
      expires_in: accessTtl,
      refresh_expires_in: refreshTtl,
    });
  };

  const implementations: Implementations<typeof partnerRoutes> = {
    'POST /v1/auth/token': ({ body }) => issue(body.user_id),
  };

  const router = createRouter({
    table: partnerRoutes,
    implementations,
    invalid: (_route, part, issues: Issue[]) =>
      partnerError(
        400,
        'invalid_request',
        `Invalid ${part}: ${issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`,
      ),
    notFound: (request) =>
      partnerError(404, 'not_found', `No route ${request.method} ${new URL(request.url).pathname}`),
    before: (request, route) => {
      if (!route) return undefined;
      const credential = bearer(request);
      if (route.auth === 'apiKey' && (credential === undefined || !apiKeys.has(credential)))
        return partnerError(401, 'invalid_api_key', 'A valid API Key is required');
      if (route.auth === 'accessToken') {
        const pair = credential === undefined ? undefined : pairs.get(credential);
        if (!pair || pair.accessExpiresAt <= now())
          return partnerError(401, 'invalid_access_token', 'The access token is missing, unknown or expired');
      }
      return undefined;
    },
  });

  return { handle: router.handle, router, table: partnerRoutes, pairs };
}
