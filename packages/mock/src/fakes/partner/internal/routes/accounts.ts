/**
 * GET /v1/user/accounts: linked accounts with their status (`broken` included).
 * POST /v1/user/accounts/{account_id}/disconnect: the user's disconnect, with the keep_data
 * choice carried to the LinkedAccountDisconnected webhook; repeating it changes nothing.
 */
import { json } from '../../../../core/router.js';
import type { FakeContext, PartnerImplementations } from '../../context.js';
import { partnerError } from '../../errors.js';
import { changeAccount } from '../../lifecycle.js';

/** Linked accounts of the authenticated user. */
export function accountRoutes(ctx: FakeContext): PartnerImplementations {
  return {
    'GET /v1/user/accounts': ({ request }) => json({ accounts: [...ctx.userOf(request).accounts.values()] }),
    'POST /v1/user/accounts/{account_id}/disconnect': ({ request, params, body }) => {
      const user = ctx.userOf(request);
      const account = [...user.accounts.values()].find((a) => a.id === params.account_id);
      if (!account) return partnerError(404, 'account_not_found', `No linked account ${params.account_id}`);
      // A retry after a lost answer: the account is already disconnected, no second webhook.
      if (account.status === 'disconnected') return json({ account, keep_data: body.keep_data });
      const changed = changeAccount(ctx, user.id, {
        service: account.service,
        status: 'disconnected',
        keep_data: body.keep_data,
      });
      return json({ account: changed.account, keep_data: body.keep_data });
    },
  };
}
