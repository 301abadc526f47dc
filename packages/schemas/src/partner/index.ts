/** Partner API (Streaming Account Data Service) schemas and route table. */

export * from './accounts.js';
export * from './auth.js';
export * from './errors.js';
export * from './files.js';
export * from './history.js';
export * from './ids.js';
export * from './ratings.js';
export * from './routes.js';
export * from './services.js';
export * from './titles.js';
export * from './tokens.js';
export * from './watchlist.js';
export * from './webhooks.js';
