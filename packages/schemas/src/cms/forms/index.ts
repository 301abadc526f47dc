/** forms/v1 schemas and routes. */
export * from './common.js';
export * from './routes.js';
export * from './setup-wizard.js';
