// The extension's content script: the page's `hello` on window, then the session on its private
// port, each message read with the schemas @viewlink/web sends them by (docs/extension-protocol.md).
import { BRIDGE_CHANNEL, PageToExtensionMessage } from '@viewlink/schemas';
import * as z from 'zod/mini';

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const port = event.ports[0];
  if (event.source !== window || event.origin !== location.origin || port === undefined) return;
  const hello = z.safeParse(PageToExtensionMessage, event.data);
  if (!hello.success || hello.data.channel !== BRIDGE_CHANNEL || hello.data.type !== 'hello') return;
  port.onmessage = ({ data }) => {
    const message = z.safeParse(PageToExtensionMessage, data);
    // A type this extension does not know parses too (an older extension, a newer SDK): ignored.
    if (message.success && message.data.type === 'connect') console.log('link', message.data.service);
  };
});
