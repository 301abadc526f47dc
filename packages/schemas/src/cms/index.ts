/** CMS REST interface schemas and route table. */
export * from './autosaves.js';
export * from './batch.js';
export * from './blocks.js';
export * from './common.js';
export * from './errors.js';
export * from './forms/index.js';
export * from './media.js';
export * from './menu-items.js';
export * from './oembed.js';
export * from './pages.js';
export * from './posts.js';
export * from './revisions.js';
export * from './routes.js';
export * from './seo/index.js';
export * from './site-index.js';
export * from './templates.js';
