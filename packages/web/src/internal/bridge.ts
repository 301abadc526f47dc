/** The bridge protocol on the page side: handshake with version negotiation, requests with ids and timeouts. */
import {
  BRIDGE_CHANNEL,
  BRIDGE_PROTOCOL_VERSIONS,
  type BridgeConnectResult,
  type BridgeHelloAck,
  type BridgeProgress,
} from '@viewlink/schemas';
import type {
  ConnectCancelledError,
  ConnectError,
  ExtensionIncompatibleError,
  ExtensionNotInstalledError,
  ExtensionTimeoutError,
} from '../core/errors.js';
import { type Incoming, isBridgeMessage, isConnectResult, isProgress } from './bridge-messages.js';
import { type Channel, openChannel } from './channels.js';
import type { deferred } from './deferred.js';

/**
 * The entry's error classes and helper the link flow uses, handed over by `connect()` instead of
 * imported: importing a module the entry loads too would move it into a chunk of its own, and a
 * page would load two files at start instead of one (~480 B more gzipped; docs/decisions/web.md).
 */
export interface LinkParts {
  readonly ConnectError: typeof ConnectError;
  readonly ConnectCancelledError: typeof ConnectCancelledError;
  readonly ExtensionIncompatibleError: typeof ExtensionIncompatibleError;
  readonly ExtensionNotInstalledError: typeof ExtensionNotInstalledError;
  readonly ExtensionTimeoutError: typeof ExtensionTimeoutError;
  readonly deferred: typeof deferred;
}

/** A handshaken session with the extension. */
export interface BridgeSession {
  /** The negotiated protocol version. */
  readonly version: number;
  /** Sends a request and resolves with its final message (`connect-result`), or rejects with a typed error. */
  request(
    type: string,
    fields: object,
    timeoutMs: number,
    onProgress: (p: BridgeProgress) => void,
  ): Promise<BridgeConnectResult>;
  close(): void;
}

/** Settings of {@link openBridge}. */
interface BridgeSettings {
  readonly extensionId?: string | undefined;
  readonly installUrl?: string | undefined;
  readonly handshakeTimeoutMs: number;
  readonly sdk: string;
  /** Removes secret values from extension-provided text. */
  readonly scrub: (text: string) => string;
  readonly parts: LinkParts;
}

/**
 * How often a waiting request checks that the extension still answers. A removed, disabled or
 * updated extension leaves no trace on the page's port (Chromium's `MessagePort` has no close
 * event), so without this check a `connect` waits out `connectTimeoutMs` (5 min).
 */
const ALIVE_CHECK_MS = 5_000;

/** A random request id (crypto-strength: ids also scope a session). */
export const newId = (): string => crypto.randomUUID();

/** Opens a session: `hello` → `hello-ack`, or a not-installed / incompatible error. */
export async function openBridge(settings: BridgeSettings): Promise<BridgeSession> {
  const {
    ConnectError,
    ConnectCancelledError,
    ExtensionIncompatibleError,
    ExtensionNotInstalledError,
    ExtensionTimeoutError,
    deferred,
  } = settings.parts;
  const sessionId = newId();
  const pending = new Map<string, (m: Incoming) => void>();
  const ack = deferred<Incoming>();
  let version = 0;
  const envelope = (type: string, requestId: string) => ({
    channel: BRIDGE_CHANNEL,
    version: version || BRIDGE_PROTOCOL_VERSIONS[0],
    request_id: requestId,
    type,
  });
  const notInstalled = () => ack.reject(new ExtensionNotInstalledError(settings.installUrl));
  let channel: Channel;
  try {
    channel = openChannel(
      { ...envelope('hello', sessionId), supported_versions: [...BRIDGE_PROTOCOL_VERSIONS], sdk: settings.sdk },
      {
        message(message) {
          // Not ours, or malformed: ignored. The hello's answer settles like any request's.
          if (isBridgeMessage(message)) pending.get(message.request_id)?.(message);
        },
        closed() {
          notInstalled();
          for (const settle of pending.values())
            settle({ ...envelope('error', ''), code: 'internal', message: 'the extension disconnected' } as Incoming);
        },
      },
      settings.extensionId,
    );
  } catch {
    // e.g. chrome.runtime.connect throws for an extension id that is not installed
    throw new ExtensionNotInstalledError(settings.installUrl);
  }
  pending.set(sessionId, ack.resolve);
  const timer = setTimeout(notInstalled, settings.handshakeTimeoutMs);
  try {
    const hello = await ack.promise;
    // The envelope is checked; of the ack, only the two fields read here.
    const { selected_version: selected, supported_versions: theirs } = hello as Partial<BridgeHelloAck>;
    if (hello.type !== 'hello-ack' || !(BRIDGE_PROTOCOL_VERSIONS as readonly unknown[]).includes(selected))
      throw new ExtensionIncompatibleError(Array.isArray(theirs) ? theirs : []);
    version = selected as number;
  } catch (error) {
    channel.close();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  return {
    version,
    request(type, fields, timeoutMs, onProgress) {
      const id = newId();
      const done = deferred<BridgeConnectResult>();
      const fail = (error: unknown) => {
        if (!pending.has(id)) return;
        channel.send(envelope('cancel', id));
        finish();
        done.reject(error);
      };
      const timer = setTimeout(() => fail(new ExtensionTimeoutError(timeoutMs)), timeoutMs);
      // A fresh handshake on a channel of its own: no answer is ExtensionNotInstalledError.
      const alive = setInterval(() => openBridge(settings).then((probe) => probe.close(), fail), ALIVE_CHECK_MS);
      const finish = () => {
        clearTimeout(timer);
        clearInterval(alive);
        pending.delete(id);
      };
      pending.set(id, (m) => {
        if (m.type === 'progress') return isProgress(m) && onProgress(m);
        if (isConnectResult(m)) {
          finish();
          return done.resolve(m);
        }
        if (m.type !== 'error') return; // unknown types are ignored
        finish();
        const code = String(m.code);
        done.reject(
          code === 'user-cancelled' || code === 'user-closed'
            ? new ConnectCancelledError()
            : code === 'timeout'
              ? new ExtensionTimeoutError(timeoutMs)
              : new ConnectError(
                  // The protocol's older name for a refused sign-in is the stable exit reason's.
                  code === 'login-failed' ? 'credentials-rejected' : code,
                  typeof m.message === 'string' ? settings.scrub(m.message) : undefined,
                ),
        );
      });
      channel.send({ ...envelope(type, id), ...fields });
      return done.promise;
    },
    close: () => channel.close(),
  };
}
