/**
 * The facade's routes: five keys of the partner route table (`partnerRoutes`), sent through the
 * transport's run engine with its light parts (prepare -> authorize -> send -> parse, one deadline). Here
 * the facade plugs in what is its own: the session's token as the auth strategy, the Partner
 * API's error body (read by the schemas' `readPartnerError`), and each route's response check (./validate.ts).
 */
import { type OutputOf, PARTNER_AUTH, type PartnerRoutes } from '@viewlink/schemas';
import type { AuthStrategy } from '@viewlink/transport/engine';
import type { Session } from './session.js';

/** The partner routes the facade calls (a key missing from the table fails to compile). */
export type WebRouteKey = keyof PartnerRoutes &
  (
    | 'GET /v1/services'
    | 'GET /v1/user/watchlist'
    | 'GET /v1/user/accounts'
    | 'POST /v1/user/accounts/{account_id}/disconnect'
    | 'POST /v1/user/refresh'
  );

/** The response type of each of the facade's routes, as the partner table declares it. */
export type WebOutputs = { readonly [K in WebRouteKey]: OutputOf<PartnerRoutes[K]['response']> };

/**
 * The session's token, with the SDK Key, as an auth strategy: a 401 expires the token (one renewal
 * however many requests hit it). Both values are scrubbed from the request's errors.
 */
export function tokenAuth(session: Session, sdkKey: () => string): AuthStrategy<string> {
  const refused = (token: string) => session.expire('unauthorized', token);
  return {
    credential: () => session.token(),
    apply: (token, headers) => {
      headers[PARTNER_AUTH.sdkKeyHeader] = sdkKey();
      headers[PARTNER_AUTH.header] = `${PARTNER_AUTH.scheme} ${token}`;
    },
    renew: (token) => {
      refused(token);
      return session.token();
    },
    refused,
  };
}
