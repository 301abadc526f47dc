import * as z from 'zod/mini';

/** Tag on every bridge message so pages ignore unrelated postMessage traffic. */
export const BRIDGE_CHANNEL = 'viewlink-bridge' as const;
/** Protocol versions this SDK speaks, newest first. */
export const BRIDGE_PROTOCOL_VERSIONS = [1] as const;

const envelope = { channel: z.literal(BRIDGE_CHANNEL), version: z.int().check(z.positive()), request_id: z.string() };

/** Page → extension: opens the handshake, listing the versions the page supports. */
export const BridgeHello = z.looseObject({
  ...envelope,
  type: z.literal('hello'),
  supported_versions: z.array(z.int()),
});
/** Extension → page: the version chosen for the session. */
export const BridgeHelloAck = z.looseObject({
  ...envelope,
  type: z.literal('hello-ack'),
  selected_version: z.int(),
  supported_versions: z.array(z.int()),
});
/** Page → extension: link one streaming service. */
export const BridgeConnectRequest = z.looseObject({ ...envelope, type: z.literal('connect'), service: z.string() });
/** Extension → page: result of linking; never carries credentials, MFA or CAPTCHA data. */
export const BridgeConnectResult = z.looseObject({
  ...envelope,
  type: z.literal('connect-result'),
  service: z.string(),
  linked_account_id: z.string(),
  status: z.string(),
});
/** Typed error codes; open so new codes parse. */
export const BRIDGE_ERROR_CODES = ['user-cancelled', 'unsupported-service', 'timeout', 'internal'] as const;
/** Extension → page: an error for a request. */
export const BridgeError = z.looseObject({
  ...envelope,
  type: z.literal('error'),
  code: z.union([z.enum(BRIDGE_ERROR_CODES), z.string()]),
  message: z.optional(z.string()),
});
/** Extension → page: progress such as `awaiting-mfa`. */
export const BridgeProgress = z.looseObject({ ...envelope, type: z.literal('progress'), stage: z.string() });
/** A message of a type this SDK does not know (parsed, not thrown). */
export const BridgeUnknownMessage = z.looseObject({ ...envelope, type: z.string() });

/** Page → extension messages. */
export const PageToExtensionMessage = z.union([
  z.discriminatedUnion('type', [BridgeHello, BridgeConnectRequest]),
  BridgeUnknownMessage,
]);
/** Output type of {@link PageToExtensionMessage}. */
export type PageToExtensionMessage = z.infer<typeof PageToExtensionMessage>;
/** Extension → page messages. */
export const ExtensionToPageMessage = z.union([
  z.discriminatedUnion('type', [BridgeHelloAck, BridgeConnectResult, BridgeError, BridgeProgress]),
  BridgeUnknownMessage,
]);
/** Output type of {@link ExtensionToPageMessage}. */
export type ExtensionToPageMessage = z.infer<typeof ExtensionToPageMessage>;
