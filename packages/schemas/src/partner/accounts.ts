import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import { StreamingServiceId } from './ids.js';

/** Linked-account states; `broken` is from the spec, the rest designed; open to new values. */
export const LINKED_ACCOUNT_STATUSES = ['active', 'syncing', 'broken', 'disconnected'] as const;
/** A linked-account status (unknown strings parse). */
export const LinkedAccountStatus = /* @__PURE__ */ lazy(() => z.union([z.enum(LINKED_ACCOUNT_STATUSES), z.string()]));
/** A linked account status: the known ones, or any string. */
export type LinkedAccountStatus = T.LinkedAccountStatus;

/** One end user linked to one streaming service, pulling from one profile. */
export const LinkedAccount = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    service: StreamingServiceId,
    profile_id: z.string(),
    status: LinkedAccountStatus,
    last_refreshed_at: z.optional(z.iso.datetime({ offset: true })),
  }),
);
/** Output type of {@link LinkedAccount}. */
export interface LinkedAccount extends T.LinkedAccountFields {}
/** GET /v1/user/accounts response. */
export const LinkedAccountList = /* @__PURE__ */ lazy(() => z.looseObject({ accounts: z.array(LinkedAccount) }));
/** Output type of {@link LinkedAccountList}. */
export interface LinkedAccountList extends T.LinkedAccountListFields {}

/** User-initiated refresh body; only on an explicit user action, never scheduled. */
export const RefreshRequest = /* @__PURE__ */ lazy(() => z.strictObject({ service: z.optional(StreamingServiceId) }));
/** Input type of {@link RefreshRequest}. */
export interface RefreshRequest extends T.RefreshRequestFields {}
/** Refresh response: accepted; completion arrives by webhook (UserDataRefreshCompleted). */
export const RefreshResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    refresh_id: z.string(),
    status: z.string(),
    services: z.optional(z.array(StreamingServiceId)),
  }),
);
/** Output type of {@link RefreshResponse}. */
export interface RefreshResponse extends T.RefreshResponseFields {}
