/**
 * Content script: relays one bridge session between the page and the service worker. The page
 * sends `hello` on `window` with a MessagePort; everything after travels on that port, so
 * look-alike messages other scripts post on `window` never reach either side.
 */
const CHANNEL = 'viewlink-bridge';

window.addEventListener('message', (event: MessageEvent) => {
  // Only this window, same origin, our channel, a hello carrying its port.
  if (event.source !== window || event.origin !== window.location.origin) return;
  const data = event.data as { channel?: unknown; type?: unknown } | null;
  const pagePort = event.ports[0];
  if (data?.channel !== CHANNEL || data.type !== 'hello' || !pagePort) return;
  const worker = chrome.runtime.connect({ name: CHANNEL });
  pagePort.onmessage = (e) => worker.postMessage(e.data);
  worker.onMessage.addListener((message) => pagePort.postMessage(message));
  worker.onDisconnect.addListener(() => pagePort.close());
  worker.postMessage(data);
});
