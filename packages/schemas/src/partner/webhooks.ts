/**
 * Webhook event bodies. The spec names four events and hides their bodies; the design (common
 * envelope `id`, `type`, `user_id`, `occurred_at`, then per-event fields) is recorded in
 * docs/decisions/partner-webhooks.md. Every object is loose: extra fields pass.
 */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described, describedCopy } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { BROKEN_REASONS } from './accounts.js';
import { DataFileDescriptor } from './files.js';
import { StreamingServiceId } from './ids.js';

const base = /* @__PURE__ */ lazy(() => ({
  id: described(
    z.string().check(z.minLength(1)),
    'Unique per event; a redelivery carries the same id (use it to deduplicate).',
  ),
  user_id: described(z.string(), 'The end user the event is about (the id your backend issued the token pair for).'),
  occurred_at: described(z.iso.datetime({ offset: true }), 'When it happened: ISO 8601 date-time with offset.'),
}));

/** The four webhook event types the spec names, then the designed linked-account events. */
export const KNOWN_WEBHOOK_EVENT_TYPES = [
  'UserDataRefreshCompleted',
  'UserFilePosted',
  'InitialFilePosted',
  'DeltaFilePosted',
  'LinkedAccountBroken',
  'LinkedAccountRepaired',
  'LinkedAccountDisconnected',
] as const;
/** One of the known event type names. */
export type KnownWebhookEventType = (typeof KNOWN_WEBHOOK_EVENT_TYPES)[number];

/** Outcome of a refresh; open so new outcomes parse. */
export const REFRESH_OUTCOMES = ['completed', 'partial', 'failed'] as const;

/** A data refresh for a user completed (daily, or user-initiated with its `refresh_id`). */
export const UserDataRefreshCompleted = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...base,
    type: described(z.literal('UserDataRefreshCompleted'), "Event type: a refresh of the user's data ended."),
    refresh_id: described(
      z.optional(z.string()),
      'Id returned by `POST /v1/user/refresh`; absent for the daily automatic refresh.',
    ),
    services: described(z.optional(z.array(StreamingServiceId)), 'Services whose linked accounts were refreshed.'),
    status: described(
      z.optional(z.union([z.enum(REFRESH_OUTCOMES), z.string()])),
      'Outcome of the refresh: `completed`, `partial` or `failed` (a newer value may appear).',
    ),
  }),
);
/** Output type of {@link UserDataRefreshCompleted}. */
export interface UserDataRefreshCompleted extends T.UserDataRefreshCompletedFields {}

const fileBase = /* @__PURE__ */ lazy(() => ({
  ...base,
  file: describedCopy(DataFileDescriptor, 'The posted file: fetch it with `GET /v1/files/{file_id}`.'),
  sequence: described(
    z.int().check(z.minimum(0)),
    'Per-user position in the data stream after this file is applied (monotonic).',
  ),
  services: described(z.optional(z.array(StreamingServiceId)), 'Services the file covers.'),
}));

/** The cold-start file: a full snapshot of the user's records (upserts only) at `sequence`. */
export const InitialFilePosted = /* @__PURE__ */ lazy(() =>
  z.looseObject({ ...fileBase, type: z.literal('InitialFilePosted') }),
);
/** Output type of {@link InitialFilePosted}. */
export interface InitialFilePosted extends T.InitialFilePostedFields {}

/** Changes (upserts and deletes) that move a holder from `base_sequence` to `sequence`. */
export const DeltaFilePosted = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...fileBase,
    type: described(z.literal('DeltaFilePosted'), 'Event type: a file of changes since `base_sequence` was posted.'),
    base_sequence: described(
      z.int().check(z.minimum(0)),
      'The sequence this delta applies on top of; a gap means a delta was missed.',
    ),
  }),
);
/** Output type of {@link DeltaFilePosted}. */
export interface DeltaFilePosted extends T.DeltaFilePostedFields {}

/**
 * A full snapshot posted after cold start (e.g. after a broken account was re-authenticated
 * or a resync): replace what you hold for the covered services, then continue with deltas.
 */
export const UserFilePosted = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...fileBase,
    type: described(z.literal('UserFilePosted'), "Event type: a full file of the user's data was posted."),
    reason: described(z.optional(z.string()), 'Why a full file was posted, e.g. a first link or a resync.'),
  }),
);
/** Output type of {@link UserFilePosted}. */
export interface UserFilePosted extends T.UserFilePostedFields {}

const accountBase = /* @__PURE__ */ lazy(() => ({
  ...base,
  linked_account_id: described(z.string(), 'The linked account (as in `GET /v1/user/accounts`).'),
  service: describedCopy(StreamingServiceId, 'The streaming service of the linked account.'),
  profile_id: described(z.optional(z.string()), 'The profile the account pulls from.'),
}));

/**
 * A linked account broke (the spec's "the partner is notified"): data stops flowing until the
 * user re-authenticates with `connect({ service })`, which keeps the same account.
 */
export const LinkedAccountBroken = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...accountBase,
    type: described(z.literal('LinkedAccountBroken'), 'Event type: a linked account needs the user to log in again.'),
    reason: described(
      z.optional(z.union([z.enum(BROKEN_REASONS), z.string()])),
      'Why: `credentials-changed`, `session-expired`, `mfa-required`, `provider-error`, or a newer value.',
    ),
  }),
);
/** Output type of {@link LinkedAccountBroken}. */
export interface LinkedAccountBroken extends T.LinkedAccountBrokenFields {}

/** A broken linked account works again (the user re-linked it): same id, history kept, `active`. */
export const LinkedAccountRepaired = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...accountBase,
    type: described(z.literal('LinkedAccountRepaired'), 'Event type: a broken linked account is active again.'),
    link_session_id: described(
      z.optional(z.string()),
      'The link session (`connect`) that re-linked it; absent when the service repaired it by itself.',
    ),
  }),
);
/** Output type of {@link LinkedAccountRepaired}. */
export interface LinkedAccountRepaired extends T.LinkedAccountRepairedFields {}

/**
 * A linked account was disconnected: it no longer counts as linked and no more data comes from it.
 * `keep_data: false` means the user asked that the records the partner holds be deleted.
 */
export const LinkedAccountDisconnected = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...accountBase,
    type: described(z.literal('LinkedAccountDisconnected'), 'Event type: a linked account was disconnected.'),
    keep_data: described(
      z.boolean(),
      "The user's choice: `true` keep the normalized records you hold, `false` delete them (spec section 9).",
    ),
  }),
);
/** Output type of {@link LinkedAccountDisconnected}. */
export interface LinkedAccountDisconnected extends T.LinkedAccountDisconnectedFields {}

/** A webhook event of a known type. */
export const KnownWebhookEvent = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('type', [
    UserDataRefreshCompleted,
    UserFilePosted,
    InitialFilePosted,
    DeltaFilePosted,
    LinkedAccountBroken,
    LinkedAccountRepaired,
    LinkedAccountDisconnected,
  ]),
);
/** Output type of {@link KnownWebhookEvent}. */
export type KnownWebhookEvent = T.KnownWebhookEvent;
/** The schema of each known event, by type name. */
export const WEBHOOK_EVENT_SCHEMAS = {
  UserDataRefreshCompleted,
  UserFilePosted,
  InitialFilePosted,
  DeltaFilePosted,
  LinkedAccountBroken,
  LinkedAccountRepaired,
  LinkedAccountDisconnected,
} as const satisfies Record<KnownWebhookEventType, z.ZodMiniType>;

/** An event of a type this SDK does not know yet (parsed, not thrown). */
export const GenericWebhookEvent = /* @__PURE__ */ lazy(() => z.looseObject({ type: z.string() }));
/** An event of a type this SDK does not know yet. */
export interface GenericWebhookEvent extends T.GenericWebhookEventFields {}
/** Any webhook body: a known event, else a generic one. */
export const PartnerWebhookEvent = /* @__PURE__ */ lazy(() => z.union([KnownWebhookEvent, GenericWebhookEvent]));
/** Output type of {@link PartnerWebhookEvent}. */
export type PartnerWebhookEvent = T.PartnerWebhookEvent;
