import type { WatchHistoryEntry } from '@viewlink/partner';
import { viewlink } from './create-client.js'; // the client of section 1

declare const userId: string;
declare const db: {
  getHistoryCursor(userId: string): Promise<string | undefined>;
  setHistoryCursor(userId: string, cursor: string | undefined): Promise<void>;
  upsertHistory(userId: string, entries: readonly WatchHistoryEntry[]): Promise<void>;
  newestWatchedAt(userId: string): Promise<string>;
};

// First sync: everything, oldest first. Store the cursor after each page to resume after a crash.
let cursor = await db.getHistoryCursor(userId);
for await (const page of viewlink.user(userId).history.pages({ limit: 500, cursor })) {
  await db.upsertHistory(userId, page.items);
  cursor = page.nextCursor;
  await db.setHistoryCursor(userId, cursor);
}

// Later syncs: only what is new since the newest entry you hold.
const newest = await db.newestWatchedAt(userId);
for await (const entry of viewlink.user(userId).history.since(newest)) {
  await db.upsertHistory(userId, [entry]);
}
