/** Step 3: the backend reads the web user's data; a real click on the page's refresh button → webhook. */
import type { Report } from './report.js';
import { type DemoServices, WEB_USER, WEB_USER_HISTORY } from './step1-backend.js';
import type { WebSession } from './step2-web-app.js';

/** History through the iterator, ratings and recommendations of the web user, read by the backend. */
export async function backendReads(services: DemoServices, report: Report): Promise<void> {
  const user = services.backend.client.user(WEB_USER);
  let pages = 0;
  let entries = 0;
  for await (const page of user.history.pages({ limit: 500 })) {
    pages++;
    entries += page.items.length;
  }
  if (entries === WEB_USER_HISTORY)
    report.ok(`history of ${WEB_USER}: ${entries} entries over ${pages} pages (history.pages, 500 per page)`);
  else report.fail(`history of ${WEB_USER}: ${entries} of ${WEB_USER_HISTORY} entries over ${pages} pages`);

  const { ratings } = await user.ratings();
  if (ratings.length > 0) report.ok(`ratings: ${ratings.length}`);
  else report.fail('ratings: none');
  const { feeds } = await user.recommendations();
  if (feeds.length > 0) report.ok(`recommendations: ${feeds.length} feeds`);
  else report.fail('recommendations: no feed');
}

/** The user clicks "Refresh my data" (a real click: a user gesture); the backend gets a signed webhook. */
export async function refreshByClick(services: DemoServices, web: WebSession, report: Report): Promise<void> {
  const before = services.backend.events.length;
  await web.page.getByRole('button', { name: 'Refresh my data' }).click();
  await web.page.waitForFunction(
    () => /Refresh requested|wrong|again/.test(document.getElementById('message')?.textContent ?? ''),
    undefined,
    {
      timeout: 10_000,
    },
  );
  const message = (await web.page.locator('#message').textContent()) ?? '';
  if (!message.startsWith('Refresh requested')) {
    report.fail(`refresh by click: the page says "${message}"`);
    return;
  }
  report.ok(`real click on "Refresh my data" → SDK.refresh() accepted; the page says "${message}"`);
  const deadline = Date.now() + 10_000;
  const arrived = () =>
    services.backend.events
      .slice(before)
      .find((e) => e.type === 'UserDataRefreshCompleted' && 'user_id' in e && e.user_id === WEB_USER);
  while (Date.now() < deadline && !arrived()) await new Promise((r) => setTimeout(r, 50));
  const event = arrived();
  if (event) report.ok(`the backend verified the signed webhook and logged it: ${event.type} for ${WEB_USER}`);
  else report.fail('no verified UserDataRefreshCompleted webhook at the backend within 10 s');
}
