/** seo/v1 schemas and routes. */
export { seoRoutes } from './routes.js';
