/** CMS REST interface schemas and route table. */
export * from './forms/index.js';
export * from './seo/index.js';
