/**
 * The facade's routes: five keys of the partner route table (`partnerRoutes`), sent through the
 * transport's run engine with its light parts (prepare -> authorize -> send -> parse, one deadline). Here
 * the facade plugs in what is its own: the session's token as the auth strategy, the Partner
 * API's error body (read by the schemas' `readPartnerError`), each route's response check
 * (./validate.ts), and its methods as data ({@link WebMethod}, made by the transport's `defineLightMethods`).
 */
import { type OutputOf, PARTNER_AUTH, type PartnerRoutes } from '@viewlink/schemas';
import type { AuthStrategy, LightMethodDefinition, RouteCallInput } from '@viewlink/transport/engine';
import type { SdkOptions } from '../core/options.js';
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

/** One of the facade's route methods as data: its route, its response check, its own steps. */
export interface WebMethod<K extends WebRouteKey = WebRouteKey> extends LightMethodDefinition<K> {
  /** The `responseSchemas` entry that checks this route fully, when the app passes one. */
  readonly schema?: keyof NonNullable<SdkOptions['responseSchemas']>;
  /** The field the default (structural) check requires. */
  readonly field: string;
  /** The fields each item of `field` must carry as strings. */
  readonly item?: readonly string[];
  /** Refused outside a click or key handler (`UserGestureRequiredError`), before any await. */
  readonly gesture?: true;
  /**
   * A call that does more than one send: `send` sends this route with the input given and
   * resolves its checked data; `options` is the method's argument as the user gave it.
   */
  run?(send: (input?: RouteCallInput) => Promise<WebOutputs[K]>, options: object | undefined): Promise<unknown>;
}

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
