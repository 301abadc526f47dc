/** Step 3 (backend part): history through the iterator, ratings, recommendations; refresh → webhook. */

import type { Report } from './report.js';
import type { DemoServices } from './step1-backend.js';

export async function backendReads(services: DemoServices, report: Report): Promise<void> {
  const user = services.backend.client.user('demo-user');
  let pages = 0;
  let entries = 0;
  for await (const page of user.history.pages({ limit: 500 })) {
    pages++;
    entries += page.items.length;
  }
  if (entries >= 1000) report.ok(`history: ${entries} entries over ${pages} pages (history.pages, 500 per page)`);
  else report.fail(`history: only ${entries} entries over ${pages} pages`);

  const { ratings } = await user.ratings();
  report.ok(`ratings: ${ratings.length}`);
  const { feeds } = await user.recommendations();
  report.ok(`recommendations: ${feeds.length} feeds`);
}

/**
 * The refresh the web page's button would trigger, sent to the backend's refresh route; waits for
 * the verified webhook. (The real click in Chromium is not wired yet: see docs/demo.md.)
 */
export async function refreshToWebhook(services: DemoServices, report: Report): Promise<void> {
  const before = services.backend.events.length;
  const res = await fetch(`${services.backend.url}/api/viewlink/refresh`, { method: 'POST', body: '{}' });
  if (res.status !== 202) {
    report.fail(`refresh through the backend: HTTP ${res.status}`);
    return;
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && services.backend.events.length === before) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const event = services.backend.events.at(-1);
  if (services.backend.events.length > before && event) {
    report.ok(`refresh accepted; signed webhook verified and logged: ${(event as { type?: string }).type ?? 'event'}`);
  } else report.fail('refresh accepted but no verified webhook within 10 s');
}
