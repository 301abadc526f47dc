import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described, describedCopy } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { StreamingServiceId } from './ids.js';

/** Linked-account states; `broken` is from the spec, the rest designed; open to new values. */
export const LINKED_ACCOUNT_STATUSES = ['active', 'syncing', 'broken', 'disconnected'] as const;
/** A linked-account status: `broken` means the user must link again (unknown strings parse). */
export const LinkedAccountStatus = /* @__PURE__ */ lazy(() => z.union([z.enum(LINKED_ACCOUNT_STATUSES), z.string()]));
/** A linked account status: the known ones, or any string. */
export type LinkedAccountStatus = T.LinkedAccountStatus;

/** Why a linked account broke (open: new reasons parse). */
export const BROKEN_REASONS = ['credentials-changed', 'session-expired', 'mfa-required', 'provider-error'] as const;

/** One end user linked to one streaming service, pulling from one profile. */
export const LinkedAccount = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.string(), 'Stable id of this linked account.'),
    service: describedCopy(StreamingServiceId, 'The streaming service the account is on.'),
    profile_id: described(z.string(), 'The profile of the streaming account that data is read from.'),
    status: describedCopy(
      LinkedAccountStatus,
      'Link state: `active`, `syncing`, `broken` (the user must link again), `disconnected`, or a newer value.',
    ),
    last_refreshed_at: described(
      z.optional(z.iso.datetime({ offset: true })),
      'When data was last read from the service (ISO 8601 with offset); absent before the first refresh.',
    ),
    profile_name: described(z.optional(z.string()), 'Display name of the chosen profile, when the service has one.'),
    link_session_id: described(
      z.optional(z.string()),
      'The link session (`connect`) that last linked or re-linked the account: quote it to support.',
    ),
    broken_reason: described(
      z.optional(z.union([z.enum(BROKEN_REASONS), z.string()])),
      'While `broken`: why (`credentials-changed`, `session-expired`, `mfa-required`, `provider-error`, or a newer value).',
    ),
  }),
);
/** Output type of {@link LinkedAccount}. */
export interface LinkedAccount extends T.LinkedAccountFields {}
/** GET /v1/user/accounts response. */
export const LinkedAccountList = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    accounts: described(
      z.array(LinkedAccount),
      'Every streaming account the user linked, one per service and profile.',
    ),
  }),
);
/** Output type of {@link LinkedAccountList}. */
export interface LinkedAccountList extends T.LinkedAccountListFields {}

/** User-initiated refresh body; only on an explicit user action, never scheduled. */
export const RefreshRequest = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    service: described(z.optional(StreamingServiceId), 'Refresh only this service; every linked service when omitted.'),
  }),
);
/** Input type of {@link RefreshRequest}. */
export interface RefreshRequest extends T.RefreshRequestFields {}
/** Refresh response: accepted; completion arrives by webhook (UserDataRefreshCompleted). */
export const RefreshResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    refresh_id: described(
      z.string(),
      'Id of the refresh; the `UserDataRefreshCompleted` webhook carries it when the refresh ends.',
    ),
    status: described(z.string(), 'State of the refresh when it was accepted, e.g. `accepted`.'),
    services: described(z.optional(z.array(StreamingServiceId)), 'Services the refresh covers.'),
  }),
);
/** Output type of {@link RefreshResponse}. */
export interface RefreshResponse extends T.RefreshResponseFields {}

/** Path parameters of a linked-account route. */
export const LinkedAccountParams = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    account_id: described(z.string().check(z.minLength(1)), 'Id of the linked account (from `GET /v1/user/accounts`).'),
  }),
);
/** Input type of {@link LinkedAccountParams}. */
export interface LinkedAccountParams extends T.LinkedAccountParamsFields {}

/**
 * Disconnect body: the user's choice (spec section 9) is required, never defaulted, so a partner
 * cannot delete or keep a user's records by accident.
 */
export const DisconnectRequest = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    keep_data: described(
      z.boolean(),
      'The user chose to keep the normalized records the partner already holds (`true`), or to have them deleted (`false`).',
    ),
  }),
);
/** Input type of {@link DisconnectRequest}. */
export interface DisconnectRequest extends T.DisconnectRequestFields {}
/** Disconnect response: the account, now `disconnected`, and the choice the webhook carries. */
export const DisconnectResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    account: describedCopy(LinkedAccount, 'The linked account, now `disconnected`; it no longer counts as linked.'),
    keep_data: described(z.boolean(), 'The choice, as sent; `LinkedAccountDisconnected` carries it too.'),
  }),
);
/** Output type of {@link DisconnectResponse}. */
export interface DisconnectResponse extends T.DisconnectResponseFields {}
