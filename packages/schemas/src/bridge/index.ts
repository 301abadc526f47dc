/** Extension-bridge messages exchanged by the web facade and the browser extension (docs/extension-protocol.md). */
export * from './consent.js';
export * from './messages.js';
