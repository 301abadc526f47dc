/** seo/v1 schemas and routes, one file per feature group. */
export * from './ai.js';
export * from './bulk-editor.js';
export * from './common.js';
export * from './content-planner.js';
export * from './import.js';
export * from './indexing.js';
export * from './integrations.js';
export * from './keyword-tool.js';
export * from './notices.js';
export * from './rank-tracker.js';
export * from './routes.js';
export * from './scores.js';
export * from './setup.js';
export * from './site.js';
export * from './tasks.js';
