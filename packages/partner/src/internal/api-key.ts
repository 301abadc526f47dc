/** The API Key as a per-call credential (token routes, data-file downloads). */
import { bearerAuthorization, PARTNER_AUTH } from '@viewlink/schemas';
import type { AuthStrategy, HeaderRecord } from '@viewlink/transport';

/** The API Key on token routes: a credential with no renewal (a refused key is a configuration problem). */
export function apiKeyAuth(apiKey: string): AuthStrategy<string> {
  return {
    credential: () => apiKey,
    apply: (key: string, headers: HeaderRecord) => {
      headers[PARTNER_AUTH.header] = bearerAuthorization(key);
    },
  };
}
