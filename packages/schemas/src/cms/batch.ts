/** /batch/v1 request and response. */

import * as z from 'zod/mini';
import { lazy } from '../internal/lazy.js';

/** Batch validation mode. */
export const batchValidation = /* @__PURE__ */ lazy(() => z.enum(['require-all-validate', 'normal']));
/** One sub-request; GET is not allowed. */
export const batchSubRequest = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    method: z._default(z.enum(['POST', 'PUT', 'PATCH', 'DELETE']), 'POST'),
    path: z.string(),
    body: z.optional(z.record(z.string(), z.unknown())),
    headers: z.optional(z.record(z.string(), z.union([z.string(), z.array(z.string())]))),
  }),
);
/** POST /batch/v1 body: at most 25 requests. */
export const batchRequest = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    validation: z._default(batchValidation, 'normal'),
    requests: z.array(batchSubRequest).check(z.maxLength(25)),
  }),
);
/** Input type of a batch request. */
export type { BatchRequest } from '../generated/types.js';
/** One sub-response; empty headers come as `[]` (PHP empty array). */
export const batchSubResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    status: z.int(),
    body: z.unknown(),
    headers: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  }),
);
/** Batch response: executed, or `{ failed: 'validation', responses: [null, {...}] }`. */
export const batchResponse = /* @__PURE__ */ lazy(() =>
  z.union([
    z.looseObject({ failed: z.literal('validation'), responses: z.array(z.nullable(batchSubResponse)) }),
    z.looseObject({ responses: z.array(batchSubResponse) }),
  ]),
);
/** Type of a batch response. */
export type { BatchResponse } from '../generated/types.js';
