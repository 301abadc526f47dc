/**
 * The two private channels to the extension. Either way, after the handshake nothing the page
 * posts on `window` can reach the SDK: it never listens on `window` at all.
 *
 * - port: a `MessageChannel` whose second port travels in the `hello` (posted on `window` to the
 *   extension's content script, same origin only); every later message uses the port.
 * - runtime: `chrome.runtime.connect(extensionId)` (`externally_connectable`); the browser
 *   guarantees that only that extension answers.
 */
import { BRIDGE_CHANNEL } from '@viewlink/schemas';

/** A bidirectional message channel to the extension. */
export interface Channel {
  send(message: object): void;
  close(): void;
}

/** Callbacks of a channel. */
interface ChannelEvents {
  message(data: unknown): void;
  /** The other side went away (extension missing, reloaded or crashed). */
  closed(): void;
}

interface RuntimePort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(cb: (message: unknown) => void): void };
  onDisconnect: { addListener(cb: () => void): void };
}
interface ChromeRuntime {
  connect(extensionId: string, info: { name: string }): RuntimePort;
}

/** Opens a channel and sends `hello` as its first message. */
export function openChannel(hello: object, events: ChannelEvents, extensionId?: string): Channel {
  // The page's `chrome.runtime`, present when an extension lists this origin in `externally_connectable`.
  const rt = (globalThis as { chrome?: { runtime?: Partial<ChromeRuntime> } }).chrome?.runtime;
  if (extensionId && typeof rt?.connect === 'function') {
    const port = rt.connect(extensionId, { name: BRIDGE_CHANNEL });
    let open = true;
    port.onMessage.addListener((m) => open && events.message(m));
    port.onDisconnect.addListener(() => {
      if (open) events.closed();
      open = false;
    });
    port.postMessage(hello);
    return {
      send: (m) => open && port.postMessage(m),
      close: () => {
        open = false;
        port.disconnect();
      },
    };
  }
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = (event) => events.message(event.data);
  // Same-origin target: the content script runs in this window; nothing leaves the page.
  window.postMessage(hello, window.location.origin, [port2]);
  return { send: (m) => port1.postMessage(m), close: () => port1.close() };
}
