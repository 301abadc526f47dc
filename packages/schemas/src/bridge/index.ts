/** Extension-bridge messages exchanged by the web facade and the browser extension. */
export * from './messages.js';
