/**
 * Step 5: a linked account's life, on the page left open by step 2. The service breaks the web
 * user's cineplus account (the backend hears LinkedAccountBroken), the user re-links it in the
 * page (same account id, history kept; LinkedAccountRepaired carries the link session), and the
 * backend disconnects streamflix at the user's request, keeping the data already held
 * (LinkedAccountDisconnected with keep_data: true; the account stops counting as linked).
 */
import type { WebhookEvent } from '@viewlink/partner';
import type { Report } from './report.js';
import { type DemoServices, WEB_USER } from './step1-backend.js';
import { link, type WebSession } from './step2-web-app.js';

/** The first webhook of `type` for the web user received by the backend after `from`, within 10 s. */
async function webhook(services: DemoServices, from: number, type: string): Promise<WebhookEvent | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = services.backend.events
      .slice(from)
      .find((e) => e.type === type && 'user_id' in e && e.user_id === WEB_USER);
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs step 5. */
export async function accountLife(services: DemoServices, web: WebSession, report: Report): Promise<void> {
  const { services: catalog } = await services.backend.client.services();
  report.ok(`service catalog: ${catalog.length} services (client.services(), no credential), e.g. ${catalog[0]?.name}`);

  const accounts = services.mock.partner.users.get(WEB_USER)?.accounts;
  const cineplus = accounts?.get('cineplus');
  let from = services.backend.events.length;
  const broke = await fetch(`${services.mockUrl}/__mock/users/${WEB_USER}/accounts/cineplus/break`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'credentials-changed' }),
  });
  if (!broke.ok) throw new Error(`break cineplus: HTTP ${broke.status}`);
  const broken = await webhook(services, from, 'LinkedAccountBroken');
  if (broken?.type === 'LinkedAccountBroken' && broken.linked_account_id === cineplus?.id)
    report.ok(`the service broke cineplus (${broken.reason}); the backend verified LinkedAccountBroken`);
  else report.fail('no LinkedAccountBroken for cineplus at the backend within 10 s');

  from = services.backend.events.length;
  const id = await link(web.page.context(), web.page, 'cineplus', true);
  const repaired = await webhook(services, from, 'LinkedAccountRepaired');
  const after = accounts?.get('cineplus');
  if (id === cineplus?.id && after?.status === 'active' && repaired?.type === 'LinkedAccountRepaired')
    report.ok(
      `re-linked cineplus in the page: same account ${id}, active; LinkedAccountRepaired with link session ${repaired.link_session_id}`,
    );
  else
    report.fail(
      `re-link: the page says ${id} (was ${cineplus?.id}), status ${after?.status}, webhook ${repaired?.type ?? 'none'}`,
    );

  from = services.backend.events.length;
  const user = services.backend.client.user(WEB_USER);
  const streamflix = (await user.accounts()).accounts.find((a) => a.service === 'streamflix');
  if (!streamflix) throw new Error('the web user has no streamflix account');
  const done = await user.disconnect(streamflix.id, { keepData: true });
  const gone = await webhook(services, from, 'LinkedAccountDisconnected');
  const linked = (await user.accounts()).accounts.filter((a) => a.health !== 'disconnected').length;
  if (done.account.status === 'disconnected' && gone?.type === 'LinkedAccountDisconnected' && gone.keep_data)
    report.ok(
      `disconnected streamflix keeping its data (user.disconnect): LinkedAccountDisconnected keep_data=true; ${linked} linked account(s) left`,
    );
  else report.fail(`disconnect: status ${done.account.status}, webhook ${gone?.type ?? 'none'}`);
}
