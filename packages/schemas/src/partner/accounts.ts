import * as z from 'zod/mini';
import { StreamingServiceId } from './ids.js';

/** Linked-account states; `broken` is from the spec, the rest designed; open to new values. */
export const LINKED_ACCOUNT_STATUSES = ['active', 'syncing', 'broken', 'disconnected'] as const;
/** A linked-account status (unknown strings parse). */
export const LinkedAccountStatus = z.union([z.enum(LINKED_ACCOUNT_STATUSES), z.string()]);

/** One end user linked to one streaming service, pulling from one profile. */
export const LinkedAccount = z.looseObject({
  id: z.string(),
  service: StreamingServiceId,
  profile_id: z.string(),
  status: LinkedAccountStatus,
  last_refreshed_at: z.optional(z.iso.datetime({ offset: true })),
});
/** Output type of {@link LinkedAccount}. */
export type LinkedAccount = z.infer<typeof LinkedAccount>;
/** GET /v1/user/accounts response. */
export const LinkedAccountList = z.looseObject({ accounts: z.array(LinkedAccount) });

/** User-initiated refresh body; only on an explicit user action, never scheduled. */
export const RefreshRequest = z.strictObject({ service: z.optional(StreamingServiceId) });
/** Refresh response: accepted; completion arrives by webhook. */
export const RefreshResponse = z.looseObject({ refresh_id: z.string(), status: z.string() });
