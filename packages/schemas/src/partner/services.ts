/**
 * The service catalog (`GET /v1/services`): every supported streaming service with its display
 * name, the countries where its provider operates and whether it accepts new links now. Designed
 * where the spec says only "14 services" (docs/decisions/partner.md); open to new fields and ids.
 */
import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described, describedCopy } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { StreamingServiceId } from './ids.js';

/** Browsers that can link accounts (spec: desktop Chrome or Edge with the extension); open. */
export const LINK_BROWSERS = ['chrome', 'edge'] as const;

/** One supported streaming service. */
export const StreamingService = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: describedCopy(StreamingServiceId, 'The service id: pass it to `connect({ service })`.'),
    name: described(z.string(), 'Display name, e.g. for a service picker.'),
    countries: described(
      z.array(z.string().check(z.regex(/^[A-Z]{2}$/))),
      'ISO 3166-1 alpha-2 codes of the countries where the provider operates (and linking works).',
    ),
    link_available: described(
      z.boolean(),
      'False while the service accepts no new links (provider outage): `connect` would end with `service-unavailable`.',
    ),
    link_browsers: described(
      z.optional(z.array(z.union([z.enum(LINK_BROWSERS), z.string()]))),
      'Desktop browsers whose extension can link this service: `chrome`, `edge`, or a newer value.',
    ),
  }),
);
/** Output type of {@link StreamingService}. */
export interface StreamingService extends T.StreamingServiceFields {}

/** GET /v1/services response. */
export const ServiceCatalog = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    services: described(z.array(StreamingService), 'Every supported streaming service, in display order.'),
  }),
);
/** Output type of {@link ServiceCatalog}. */
export interface ServiceCatalog extends T.ServiceCatalogFields {}
