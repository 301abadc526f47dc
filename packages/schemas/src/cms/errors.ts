/** The WordPress error envelope. */

import * as z from 'zod/mini';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { stringMap } from '../internal/string-map.js';

/** `{ code, message, data: { status, params?, details? } }`; params is a map (invalid) or a list (missing). */
export const cmsError = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    code: described(z.string(), 'Machine-readable error code, e.g. `rest_invalid_param` or `rest_post_invalid_id`.'),
    message: described(z.string(), 'Human-readable explanation.'),
    data: described(
      z.looseObject({
        status: described(z.int(), 'The HTTP status of the error.'),
        params: described(
          z.optional(z.union([stringMap(z.string()), z.array(z.string())])),
          'Invalid parameters with why (a map), or the missing ones (a list).',
        ),
        details: described(
          z.optional(stringMap(z.unknown())),
          'Per-parameter details of an invalid request, as WordPress reports them.',
        ),
      }),
      'HTTP status and, for invalid input, which parameters and why.',
    ),
  }),
);
/** Type of a CMS error body. */
export type { CmsError } from '../generated/types.js';
