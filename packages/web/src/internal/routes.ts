/**
 * The facade's routes: five keys of the partner route table (`partnerRoutes`), sent through the
 * transport's run engine with its light parts (prepare -> authorize -> send -> parse, one deadline). Here
 * the facade plugs in what is its own: the session's token as the auth strategy, the Partner
 * API's error body, and each route's response check (./validate.ts).
 */
import { type OutputOf, PARTNER_AUTH, type PartnerErrorBody, type PartnerRoutes } from '@viewlink/schemas';
import type { AuthStrategy, ErrorBodyParser } from '@viewlink/transport/engine';
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
  return {
    credential: () => session.token(),
    apply: (token, headers) => {
      headers[PARTNER_AUTH.sdkKeyHeader] = sdkKey();
      headers[PARTNER_AUTH.header] = `${PARTNER_AUTH.scheme} ${token}`;
    },
    renew: (token) => {
      session.expire('unauthorized', token);
      return session.token();
    },
    refused: (token) => session.expire('unauthorized', token),
  };
}

/** The designed error body (`PartnerErrorBody`), read defensively without a schema: code and message together or neither. */
export const parseErrorBody: ErrorBodyParser = (data) => {
  const body = (data as Partial<PartnerErrorBody> | undefined)?.error;
  return typeof body?.code === 'string' && typeof body.message === 'string'
    ? { code: body.code, message: body.message, requestId: body.request_id }
    : {};
};
