/** GET /v1/user/accounts: linked accounts with their status (`broken` included). */
import { json } from '../../../core/router.js';
import type { FakeContext, PartnerImplementations } from '../context.js';

/** Linked accounts of the authenticated user. */
export function accountRoutes(ctx: FakeContext): PartnerImplementations {
  return {
    'GET /v1/user/accounts': ({ request }) => json({ accounts: [...ctx.userOf(request).accounts.values()] }),
  };
}
