import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { pure } from '../internal/pure.js';
import { ConsentRecord } from './consent.js';

/** Tag on every bridge message so both sides ignore unrelated postMessage traffic. */
export const BRIDGE_CHANNEL = 'viewlink-bridge' as const;
/** Protocol versions this SDK speaks, newest first. */
export const BRIDGE_PROTOCOL_VERSIONS = [1] as const;

/**
 * A message schema: the envelope `{ channel, version, request_id, type }` plus its own fields.
 * Marked side-effect free so bundlers drop the messages an app does not use.
 */
/* @__NO_SIDE_EFFECTS__ */
function message<T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: () => S) {
  return z.looseObject({
    channel: z.literal(BRIDGE_CHANNEL),
    version: z.int().check(z.positive()),
    request_id: z.string(),
    type: z.literal(type),
    ...shape(),
  });
}

/**
 * Page → extension: opens a session. Over `window.postMessage` it carries a `MessagePort` (in
 * the event's `ports`) on which every later message of the session travels; `request_id` is
 * the session id.
 */
export const BridgeHello = message('hello', () => ({
  supported_versions: z.array(z.int()),
  /** SDK name and version, for the extension's diagnostics. */
  sdk: z.optional(z.string()),
}));
/** Output type of {@link BridgeHello}. */
export interface BridgeHello extends T.BridgeHelloFields {}

/** Extension → page: the version chosen for the session (the highest both support). */
export const BridgeHelloAck = message('hello-ack', () => ({
  selected_version: z.int(),
  supported_versions: z.array(z.int()),
  /** Extension version, for support. */
  extension_version: z.optional(z.string()),
}));
/** Output type of {@link BridgeHelloAck}. */
export interface BridgeHelloAck extends T.BridgeHelloAckFields {}

/**
 * Page → extension: link one streaming service. Sent only on the session's private channel
 * (never on `window`), because it carries the end user's access token: the extension uses it
 * to register the link with the service for this user.
 */
export const BridgeConnectRequest = message('connect', () => ({
  service: z.string(),
  /** The consent the user gave; the extension refuses to link without it. */
  consent: ConsentRecord,
  /** The end user's current access token. */
  access_token: z.string(),
  /**
   * Id of this link attempt (`lnk_...`), made by the SDK: the extension passes it to the service,
   * which puts it on the linked account and on the webhooks the attempt causes.
   */
  link_session_id: z.optional(z.string()),
}));
/** Output type of {@link BridgeConnectRequest}. */
export interface BridgeConnectRequest extends T.BridgeConnectRequestFields {}

/** Page → extension: abandon the request with this `request_id` (the page timed out or gave up). */
export const BridgeCancel = message('cancel', () => ({}));
/** Output type of {@link BridgeCancel}. */
export interface BridgeCancel extends T.BridgeCancelFields {}

/** Extension → page: result of linking; never carries credentials, MFA or CAPTCHA data. */
export const BridgeConnectResult = message('connect-result', () => ({
  service: z.string(),
  linked_account_id: z.string(),
  status: z.string(),
  /** The streaming profile the user chose; the account pulls from it alone. */
  profile_id: z.optional(z.string()),
  /** Display name of that profile. */
  profile_name: z.optional(z.string()),
  /** True when an existing (broken) account was re-linked: same id, history kept. */
  relinked: z.optional(z.boolean()),
}));
/** Output type of {@link BridgeConnectResult}. */
export interface BridgeConnectResult extends T.BridgeConnectResultFields {}

/** Error codes the SDK knows; the list is open so new codes parse. */
export const BRIDGE_ERROR_CODES = [
  'user-cancelled',
  'user-closed',
  'login-failed',
  'credentials-rejected',
  'mfa-timeout',
  'service-unavailable',
  'unsupported-service',
  'unsupported-version',
  'consent-missing',
  'busy',
  'timeout',
  'internal',
] as const;
/** A bridge error code (known values autocomplete, unknown strings parse). */
export const BridgeErrorCode = /* @__PURE__ */ pure(() => z.union([z.enum(BRIDGE_ERROR_CODES), z.string()]));
/** A bridge error code: the known ones, or any string. */
export type BridgeErrorCode = T.BridgeErrorCode;

/** Extension → page: a request failed. `message` is for logs, never shown to users as is. */
export const BridgeError = message('error', () => ({ code: BridgeErrorCode, message: z.optional(z.string()) }));
/** Output type of {@link BridgeError}. */
export interface BridgeError extends T.BridgeErrorFields {}

/** Progress stages the SDK knows (open). */
export const BRIDGE_PROGRESS_STAGES = [
  'login-opened',
  'awaiting-mfa',
  'awaiting-captcha',
  'choosing-profile',
  'verifying',
] as const;
/**
 * Why a `connect` ended without a link (`ConnectError.reason` in `@viewlink/web`), stable names
 * documented in docs/web.md; open, so a newer reason reaches the app as a string.
 */
export const CONNECT_EXIT_REASONS = [
  'user-closed',
  'extension-missing',
  'mfa-timeout',
  'credentials-rejected',
  'service-unavailable',
] as const;
/** A connect exit reason: the known ones, or a newer string. */
export type ConnectExitReason = (typeof CONNECT_EXIT_REASONS)[number] | (string & {});

/** Extension → page: progress of a request, e.g. `awaiting-mfa`, so the app can show the step. */
export const BridgeProgress = message('progress', () => ({
  stage: z.union([z.enum(BRIDGE_PROGRESS_STAGES), z.string()]),
}));
/** Output type of {@link BridgeProgress}. */
export interface BridgeProgress extends T.BridgeProgressFields {}

/** A message of a type this side does not know (parsed, not thrown; the receiver ignores it). */
export const BridgeUnknownMessage = /* @__PURE__ */ pure(() =>
  z.looseObject({
    channel: z.literal(BRIDGE_CHANNEL),
    version: z.int().check(z.positive()),
    request_id: z.string(),
    type: z.string(),
  }),
);
/** Output type of {@link BridgeUnknownMessage}. */
export interface BridgeUnknownMessage extends T.BridgeUnknownMessageFields {}

/** Page → extension messages. */
export const PageToExtensionMessage = /* @__PURE__ */ pure(() =>
  z.union([z.discriminatedUnion('type', [BridgeHello, BridgeConnectRequest, BridgeCancel]), BridgeUnknownMessage]),
);
/** Output type of {@link PageToExtensionMessage}. */
export type PageToExtensionMessage = T.PageToExtensionMessage;
/** Extension → page messages. */
export const ExtensionToPageMessage = /* @__PURE__ */ pure(() =>
  z.union([
    z.discriminatedUnion('type', [BridgeHelloAck, BridgeConnectResult, BridgeError, BridgeProgress]),
    BridgeUnknownMessage,
  ]),
);
/** Output type of {@link ExtensionToPageMessage}. */
export type ExtensionToPageMessage = T.ExtensionToPageMessage;

/**
 * Picks the session version: the highest version both sides support, or `undefined` when they
 * share none (the extension then answers `error` with code `unsupported-version`).
 */
export function negotiateBridgeVersion(ours: readonly number[], theirs: readonly number[]): number | undefined {
  let best: number | undefined;
  for (const v of theirs) if (ours.includes(v) && (best === undefined || v > best)) best = v;
  return best;
}
