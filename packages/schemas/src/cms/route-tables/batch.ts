/** The /batch/v1 route (a table of its own module, so a bundler that splits code keeps it apart). */
import type * as T from '../../generated/types.js';
import { one } from '../../internal/cms-route-builders.js';
import { lazy } from '../../internal/lazy.js';
import { batchRequest, batchResponse } from '../batch.js';

/** `POST /batch/v1`: up to 25 writes in one request. Part of `cmsRoutes`. */
export const batchRoutes: T.BatchRoutes = /* @__PURE__ */ lazy(() => ({
  ...one('POST', '/batch/v1', {
    operationId: 'runBatch',
    summary: 'Run up to 25 write requests in one call (answers 207).',
    namespace: 'batch',
    body: batchRequest,
    response: batchResponse,
    successStatus: 207,
    // WordPress lets anyone post a batch and checks each sub-request's own permission (207 with their 401s).
    auth: 'optional',
  }),
}));
