import * as z from 'zod/mini';
import { lazy } from '../internal/lazy.js';

/**
 * The 14 streaming service ids of the designed catalog (`GET /v1/services`). The spec says 14
 * services are supported but names none: these are the designed, fictional ids the mock serves
 * (docs/decisions/partner.md, "Service ids"). They exist so editors complete ids; every id field
 * stays open, so a service added later parses and can be linked without an SDK release.
 */
export const KNOWN_STREAMING_SERVICE_IDS = [
  'streamflix',
  'cineplus',
  'primevista',
  'tubely',
  'animora',
  'docuverse',
  'kidscove',
  'sportsnow',
  'classicreel',
  'indieview',
  'stagepass',
  'worldscreen',
  'nordplay',
  'retrotv',
] as const satisfies readonly string[];
/** One of the 14 service ids this SDK version knows. */
export type KnownStreamingServiceId = (typeof KNOWN_STREAMING_SERVICE_IDS)[number];
/**
 * A service id as callers write it: the known ids complete in editors, any other slug is
 * accepted (services are added over time).
 */
export type ServiceIdInput = KnownStreamingServiceId | (string & {});

/** A streaming service id (open: unknown ids parse). Lowercase slug, e.g. `some-service`. */
export const StreamingServiceId = /* @__PURE__ */ lazy(() =>
  z
    .string()
    .check(
      z.regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be a service id: lowercase letters, digits, _ and -, e.g. `netflix`'),
    ),
);
/** Output type of {@link StreamingServiceId}. */
export type StreamingServiceId = z.infer<typeof StreamingServiceId>;
