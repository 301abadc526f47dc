/** /batch/v1 request and response. */

import * as z from 'zod/mini';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { stringMap } from '../internal/string-map.js';

/** Batch validation mode. */
export const batchValidation = /* @__PURE__ */ lazy(() => z.enum(['require-all-validate', 'normal']));
/** One sub-request; GET is not allowed. */
export const batchSubRequest = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    method: described(
      z._default(z.enum(['POST', 'PUT', 'PATCH', 'DELETE']), 'POST'),
      'HTTP method of the sub-request, `POST` by default (GET is not allowed).',
    ),
    path: described(z.string(), 'Path of the sub-request relative to the REST root, e.g. `/wp/v2/posts/5`.'),
    body: described(z.optional(stringMap(z.unknown())), 'JSON body of the sub-request.'),
    headers: described(
      z.optional(stringMap(z.union([z.string(), z.array(z.string())]))),
      'Headers of the sub-request.',
    ),
  }),
);
/** POST /batch/v1 body: at most 25 requests. */
export const batchRequest = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    validation: described(
      z._default(batchValidation, 'normal'),
      '`normal` (default): each request runs on its own; `require-all-validate`: nothing runs unless every request validates.',
    ),
    requests: described(z.array(batchSubRequest).check(z.maxLength(25)), 'The sub-requests, at most 25.'),
  }),
);
/** Input type of a batch request. */
export type { BatchRequest } from '../generated/types.js';
/** One sub-response; empty headers come as `[]` (PHP empty array). */
export const batchSubResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    status: described(z.int(), 'HTTP status of the sub-response.'),
    body: described(z.unknown(), 'Body of the sub-response: the record, or an error envelope.'),
    headers: described(
      z.union([z.array(z.unknown()), stringMap(z.unknown())]),
      'Headers of the sub-response (`[]` when there are none).',
    ),
  }),
);
/** Batch response: executed, or `{ failed: 'validation', responses: [null, {...}] }`. */
export const batchResponse = /* @__PURE__ */ lazy(() =>
  z.union([
    z.looseObject({
      failed: described(
        z.literal('validation'),
        'Set when `require-all-validate` found an invalid request: nothing ran.',
      ),
      responses: described(
        z.array(z.nullable(batchSubResponse)),
        'The error of each invalid request, null for the valid ones, in request order.',
      ),
    }),
    z.looseObject({
      responses: described(z.array(batchSubResponse), 'One sub-response per request, in request order.'),
    }),
  ]),
);
/** Type of a batch response. */
export type { BatchResponse } from '../generated/types.js';
