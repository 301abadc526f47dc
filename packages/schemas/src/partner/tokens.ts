import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';

/**
 * Token pair. Opaque strings plus `expires_in` seconds (OAuth 2 convention), so clients
 * need no clock agreement with the server. Response: loose (unknown fields pass).
 */
export const TokenPair = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    access_token: described(
      z.string().check(z.minLength(1)),
      "Opaque token the user's app sends on user routes; a secret.",
    ),
    refresh_token: described(
      z.string().check(z.minLength(1)),
      'Opaque token that renews the pair; a secret, kept by the backend.',
    ),
    token_type: described(z.optional(z.string()), 'How to send the access token, e.g. `Bearer`.'),
    expires_in: described(z.int().check(z.positive()), 'Seconds until the access token expires.'),
    refresh_expires_in: described(
      z.optional(z.int().check(z.positive())),
      'Seconds until the refresh token expires, when the service says.',
    ),
  }),
);
/** Output type of {@link TokenPair}. */
export interface TokenPair extends T.TokenPairFields {}

/** Body of POST /v1/auth/token: the end user the pair is for (caller input: strict). */
export const TokenIssueRequest = /* @__PURE__ */ lazy(() =>
  z.strictObject({ user_id: z.string().check(z.minLength(1)) }),
);
/** Input type of {@link TokenIssueRequest}. */
export interface TokenIssueRequest extends T.TokenIssueRequestFields {}

/** Body of POST /v1/auth/token/refresh (designed; the spec hides the Management API shape). */
export const TokenRefreshRequest = /* @__PURE__ */ lazy(() =>
  z.strictObject({ refresh_token: z.string().check(z.minLength(1)) }),
);
/** Input type of {@link TokenRefreshRequest}. */
export interface TokenRefreshRequest extends T.TokenRefreshRequestFields {}
