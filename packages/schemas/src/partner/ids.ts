import * as z from 'zod/mini';
import { lazy } from '../internal/lazy.js';

/**
 * Streaming service ids known to this SDK. The spec says 14 services are supported but
 * does not name them, so the list is empty until the operator publishes the ids; the
 * schema stays open so new services parse without an SDK release.
 */
export const KNOWN_STREAMING_SERVICE_IDS = [] as const satisfies readonly string[];

/** A streaming service id (open: unknown ids parse). Lowercase slug, e.g. `some-service`. */
export const StreamingServiceId = /* @__PURE__ */ lazy(() => z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]*$/)));
/** Output type of {@link StreamingServiceId}. */
export type StreamingServiceId = z.infer<typeof StreamingServiceId>;
