/**
 * `@viewlink/mock`: stateful fakes of the Viewlink Partner API and CMS REST interface, msw
 * handlers derived from the route tables, and (from `@viewlink/mock/server`) a real HTTP server.
 * @packageDocumentation
 */
export * from './core/coerce.js';
export * from './core/mount.js';
export * from './core/msw.js';
export * from './core/query.js';
export * from './core/router.js';
export * from './fakes/cms/index.js';
export * from './fakes/partner/index.js';
export * from './service.js';
