/**
 * Where credentials travel (the spec says "not shown"; designed in docs/decisions/partner.md).
 * Kept here so learning the real format is one edit for the clients, the web SDK and the fake.
 */

/** Header names and scheme of Partner API credentials. */
export const PARTNER_AUTH = {
  /** API Key (backend routes) and access token (user routes) both go in `Authorization`. */
  header: 'authorization',
  /** The scheme in front of either credential. */
  scheme: 'Bearer',
  /** The web SDK also sends the SDK Key, in this header. */
  sdkKeyHeader: 'x-viewlink-sdk-key',
} as const;

/** The `Authorization` value for an API Key or an access token. */
export function bearerAuthorization(credential: string): string {
  return `${PARTNER_AUTH.scheme} ${credential}`;
}
