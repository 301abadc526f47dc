/**
 * POST /v1/user/refresh: accepted with 202; the accounts go `syncing`, and after a short
 * delay they are back to `active` with a few new history entries, and a
 * UserDataRefreshCompleted webhook is POSTed to the registered URL.
 */
import { json } from '../../../../core/router.js';
import type { FakeContext, PartnerImplementations } from '../../context.js';
import { partnerError } from '../../errors.js';
import { titleOn } from '../../state/catalog.js';
import { mix, mulberry32 } from '../../state/internal/random.js';
import type { FakeAccount, FakeUser } from '../../state/users.js';

function complete(ctx: FakeContext, user: FakeUser, services: readonly string[], refreshId: string) {
  const now = ctx.clock.now();
  const rng = mulberry32(mix(user.seed, user.appended.length + 1_000_000));
  for (const service of services) {
    const account = user.accounts.get(service);
    if (account?.status === 'syncing') account.status = 'active';
    if (account) account.last_refreshed_at = new Date(now).toISOString();
    user.appended.push({
      title: titleOn(Math.floor(rng() * 5000), service, rng),
      completion_percentage: Math.round(rng() * 1000) / 10,
      watched_at: new Date(now).toISOString(),
    });
  }
  return {
    id: ctx.webhooks.nextId(),
    type: 'UserDataRefreshCompleted',
    user_id: user.id,
    occurred_at: new Date(now).toISOString(),
    refresh_id: refreshId,
    services: [...services],
    status: 'completed',
  };
}

/** User-initiated refresh of one linked account or of all of them. */
export function refreshRoutes(ctx: FakeContext): PartnerImplementations {
  let sequence = 0;
  return {
    'POST /v1/user/refresh': ({ request, body }) => {
      const user = ctx.userOf(request);
      let accounts: FakeAccount[];
      if (body.service !== undefined) {
        const account = user.accounts.get(body.service);
        if (!account) return partnerError(404, 'account_not_found', `No linked account for service ${body.service}`);
        if (account.status === 'broken')
          return partnerError(409, 'account_broken', 'The linked account is broken: the user must re-authenticate');
        accounts = [account];
      } else {
        accounts = [...user.accounts.values()];
        if (accounts.length === 0)
          return partnerError(409, 'no_linked_accounts', 'The user has no linked account to refresh');
      }
      const refreshable = accounts.filter((a) => a.status === 'active' || a.status === 'syncing');
      if (refreshable.length === 0)
        return partnerError(409, 'account_not_refreshable', 'No linked account can be refreshed right now');
      for (const account of refreshable) account.status = 'syncing';
      sequence += 1;
      ctx.stats.refreshes += 1;
      const refreshId = `ref_${sequence}`;
      const services = refreshable.map((a) => a.service);
      ctx.webhooks.schedule(() => complete(ctx, user, services, refreshId));
      return json({ refresh_id: refreshId, status: 'accepted', services }, 202);
    },
  };
}
