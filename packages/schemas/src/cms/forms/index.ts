/** forms/v1 schemas and routes. */
export { formsRoutes } from './routes.js';
