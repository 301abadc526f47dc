/**
 * GET /v1/user/history: cursor pages over the lazily generated history plus entries added by
 * refreshes. The cursor is the opaque index of the next entry; `since` starts at the first
 * entry watched at or after that instant (binary search over the generator).
 */
import { json } from '../../../../core/router.js';
import type { FakeContext, PartnerImplementations } from '../../context.js';
import { partnerError } from '../../errors.js';
import { decodeCursor, encodeCursor } from '../../history-cursor.js';
import { type FakeHistoryEntry, firstIndexSince, historyEntry } from '../../state/history-generator.js';
import type { FakeUser } from '../../state/users.js';

const DEFAULT_LIMIT = 100;

function entryAt(user: FakeUser, index: number): FakeHistoryEntry | undefined {
  if (index < user.history.size) return historyEntry(user.history, index);
  return user.appended[index - user.history.size];
}

function startIndex(user: FakeUser, sinceMs: number): number {
  const generated = firstIndexSince(user.history, sinceMs);
  if (generated < user.history.size) return generated;
  const later = user.appended.findIndex((e) => Date.parse(e.watched_at) >= sinceMs);
  return later === -1 ? user.history.size + user.appended.length : user.history.size + later;
}

/** Watch history pages of the authenticated user. */
export function historyRoutes(ctx: FakeContext): PartnerImplementations {
  return {
    'GET /v1/user/history': ({ request, query }) => {
      const user = ctx.userOf(request);
      const total = user.history.size + user.appended.length;
      let index = 0;
      // An empty cursor (`?cursor=`) is the first page, as no cursor is.
      if (query.cursor !== undefined && query.cursor !== '') {
        const decoded = decodeCursor(query.cursor);
        if (decoded === undefined || decoded > total)
          return partnerError(400, 'invalid_cursor', 'The cursor is not valid for this user');
        index = decoded;
      } else if (query.since !== undefined) {
        index = startIndex(user, Date.parse(query.since));
      }
      const limit = query.limit ?? DEFAULT_LIMIT;
      const items: FakeHistoryEntry[] = [];
      for (; index < total && items.length < limit; index++) {
        const entry = entryAt(user, index);
        if (!entry) break;
        if (query.service !== undefined && entry.title.service !== query.service) continue;
        items.push(entry);
      }
      return json({ items, next_cursor: index < total ? encodeCursor(index) : null });
    },
  };
}
