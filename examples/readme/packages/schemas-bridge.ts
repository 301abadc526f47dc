// The extension's content script: the page's `hello` on window, then the session on its private
// port, each message read with the schema @viewlink/web sends it by (docs/extension-protocol.md).
import { BridgeConnectRequest, BridgeHello } from '@viewlink/schemas';
import * as z from 'zod/mini';

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const port = event.ports[0];
  if (event.source !== window || event.origin !== location.origin || port === undefined) return;
  // The schema checks the channel and the type: other scripts' messages on window fail it.
  const hello = z.safeParse(BridgeHello, event.data);
  if (!hello.success) return;
  console.log('session', hello.data.request_id, 'versions', hello.data.supported_versions);
  port.onmessage = ({ data }) => {
    const connect = z.safeParse(BridgeConnectRequest, data);
    // Any other message fails it (a cancel, or a type from a newer SDK): this script ignores those.
    if (connect.success) console.log('link', connect.data.service, connect.data.link_session_id);
  };
});
