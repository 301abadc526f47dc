/** Partner API (Streaming Account Data Service) schemas and route table. */
export * from './ids.js';
export * from './routes.js';
export * from './tokens.js';
