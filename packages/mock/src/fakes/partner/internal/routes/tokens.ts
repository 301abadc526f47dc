/** POST /v1/auth/token and the Management API renewal. */
import { json } from '../../../../core/router.js';
import type { FakeContext, PartnerImplementations } from '../../context.js';
import { partnerError } from '../../errors.js';

/** Token issuance (API Key) and renewal (old refresh token invalidated). */
export function tokenRoutes(ctx: FakeContext): PartnerImplementations {
  return {
    'POST /v1/auth/token': ({ body }) => {
      ctx.users.ensure(body.user_id);
      return json(ctx.tokens.body(ctx.tokens.issue(body.user_id)));
    },
    'POST /v1/auth/token/refresh': ({ body }) => {
      const pair = ctx.tokens.renew(body.refresh_token);
      if (!pair) return partnerError(401, 'invalid_refresh_token', 'The refresh token is unknown, used or expired');
      return json(ctx.tokens.body(pair));
    },
  };
}
