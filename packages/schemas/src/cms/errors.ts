/** The WordPress error envelope. */

import * as z from 'zod/mini';
import { lazy } from '../internal/lazy.js';

/** `{ code, message, data: { status, params?, details? } }`; params is a map (invalid) or a list (missing). */
export const cmsError = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    code: z.string(),
    message: z.string(),
    data: z.looseObject({
      status: z.int(),
      params: z.optional(z.union([z.record(z.string(), z.string()), z.array(z.string())])),
      details: z.optional(z.record(z.string(), z.unknown())),
    }),
  }),
);
/** Type of a CMS error body. */
export type { CmsError } from '../generated/types.js';
