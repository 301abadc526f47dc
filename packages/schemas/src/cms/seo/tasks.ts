/** seo/v1 tasks: workouts, the task list and action tracking. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** Body of `complete_task`: `options.task` names the task. */
export const seoCompleteTaskBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    options: described(
      z.strictObject({ task: described(z.string(), 'Name of the task to mark as done.') }),
      'Which task to complete.',
    ),
  }),
);
/** Input type of {@link seoCompleteTaskBody}. */
export type { SeoCompleteTaskBody } from '../../generated/types.js';
/** Query of `get_tasks`: an optional `options` object (sent as `options[filter]=...`). */
export const seoGetTasksQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    options: described(
      z.optional(
        z.strictObject({
          filter: described(z.optional(z.string()), 'Only tasks matching this filter.'),
          limit: described(z.optional(z.int()), 'At most this many tasks.'),
        }),
      ),
      'Filter and limit of the list (sent as `options[filter]`, `options[limit]`).',
    ),
  }),
);
/** Input type of {@link seoGetTasksQuery}. */
export type { SeoGetTasksQuery } from '../../generated/types.js';
/** Body of `action_tracking`. */
export const seoActionTrackingBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({ action: described(z.string(), 'Name of the action the user took.') }),
);

/** Task routes. */
export const seoTasksRoutes: T.SeoTasksRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'GET /seo/v1/workouts': seoRoute({
      method: 'GET',
      path: '/seo/v1/workouts',
      operationId: 'seoGetWorkouts',
      summary: 'State of the SEO workouts.',
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/workouts': seoRoute({
      method: 'POST',
      path: '/seo/v1/workouts',
      operationId: 'seoSaveWorkouts',
      summary: 'Save the state of the SEO workouts.',
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/complete_task': seoRoute({
      method: 'POST',
      path: '/seo/v1/complete_task',
      operationId: 'seoCompleteTask',
      summary: 'Mark a task as done, by its name (`options.task`).',
      body: seoCompleteTaskBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/get_tasks': seoRoute({
      method: 'GET',
      path: '/seo/v1/get_tasks',
      operationId: 'seoGetTasks',
      summary: 'The task list, optionally filtered and limited.',
      query: seoGetTasksQuery,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/action_tracking': seoRoute({
      method: 'POST',
      path: '/seo/v1/action_tracking',
      operationId: 'seoTrackAction',
      summary: 'Record that the current user took an action, by its name.',
      body: seoActionTrackingBody,
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);
