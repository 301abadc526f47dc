/**
 * The extension's messages the facade reads, checked by hand. Each check mirrors a schema of
 * `@viewlink/schemas` (bridge-messages.test.ts compares them on generated messages): zod in the
 * facade cost ~5 kB gzipped for these checks alone. Unknown fields pass, as with `looseObject`.
 */
import {
  BRIDGE_CHANNEL,
  type BridgeConnectResult,
  type BridgeProgress,
  type BridgeUnknownMessage,
} from '@viewlink/schemas';

/** A message with a valid envelope; its other fields are not checked yet. */
export type Incoming = BridgeUnknownMessage & Record<string, unknown>;

const strings = (message: Record<string, unknown>, keys: readonly string[]) =>
  keys.every((key) => typeof message[key] === 'string');

/** Mirrors `BridgeUnknownMessage`: the envelope `{ channel, version, request_id, type }` of any message. */
export function isBridgeMessage(data: unknown): data is Incoming {
  const message = data as Incoming;
  return (
    // Not kind() (./kind.ts): the link chunk imports nothing the entry loads (LinkParts in ./bridge.ts).
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    message.channel === BRIDGE_CHANNEL &&
    Number.isSafeInteger(message.version) &&
    message.version > 0 &&
    strings(message, ['request_id', 'type'])
  );
}

/** Mirrors `BridgeConnectResult`: the envelope, type `connect-result` and its three strings. */
export function isConnectResult(data: unknown): data is Incoming & BridgeConnectResult {
  return (
    isBridgeMessage(data) && data.type === 'connect-result' && strings(data, ['service', 'linked_account_id', 'status'])
  );
}

/** Mirrors `BridgeProgress`: type `progress` and its `stage` string (a stage this SDK does not know passes). */
export function isProgress(message: Incoming): message is Incoming & BridgeProgress {
  return message.type === 'progress' && typeof message.stage === 'string';
}
