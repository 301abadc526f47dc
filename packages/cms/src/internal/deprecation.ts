/** One deprecation warning per message and client, through the logger (or `console.warn` without one). */
import type { Logger } from '@viewlink/transport';

/** Builds a warner that says each message once. */
export function deprecationWarner(logger: Logger | undefined): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    const text = `viewlink: deprecated: ${message}`;
    if (logger?.warn) logger.warn(text, { deprecation: true });
    else globalThis.console?.warn?.(text);
  };
}
