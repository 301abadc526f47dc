/** The oembed/1.0 routes (a table of its own module, so a bundler that splits code keeps it apart). */
import type * as T from '../../generated/types.js';
import { one } from '../../internal/cms-route-builders.js';
import { lazy } from '../../internal/lazy.js';
import { oembedProxyQuery, oembedQuery, oembedResponse } from '../oembed.js';
import { namespaceIndex, namespaceIndexQuery } from '../site-index.js';

/** oembed/1.0: its namespace index, `embed` and `proxy`. Part of `cmsRoutes`. */
export const oembedRoutes: T.OembedRoutes = /* @__PURE__ */ lazy(() => ({
  ...one('GET', '/oembed/1.0', {
    operationId: 'getOembedNamespace',
    summary: 'oembed/1.0 namespace index.',
    namespace: 'oembed',
    query: namespaceIndexQuery,
    response: namespaceIndex,
    auth: 'none',
  }),
  ...one('GET', '/oembed/1.0/embed', {
    operationId: 'getOembed',
    summary: 'Embed data for a URL of this site.',
    namespace: 'oembed',
    query: oembedQuery,
    response: oembedResponse,
    auth: 'none',
  }),
  ...one('GET', '/oembed/1.0/proxy', {
    operationId: 'getOembedProxy',
    summary: 'Embed data for an external URL (needs login and outbound HTTP).',
    namespace: 'oembed',
    query: oembedProxyQuery,
    response: oembedResponse,
    auth: 'required',
  }),
}));
