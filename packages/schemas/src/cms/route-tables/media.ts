/** The media routes (a table of its own module, so a bundler that splits code keeps it apart). */
import type * as T from '../../generated/types.js';
import { crud, one } from '../../internal/cms-route-builders.js';
import { lazy } from '../../internal/lazy.js';
import { contextQuery, idParams } from '../common.js';
import { mediaEditBody, mediaPostProcessBody, mediaQuery, mediaRecord, mediaWrite } from '../media.js';

/** The media routes (uploads, edit, post-process). Part of `cmsRoutes`. */
export const mediaRoutes: T.MediaRoutes = /* @__PURE__ */ lazy(() => ({
  ...crud('/cms/v2/media', {
    name: 'Media',
    plural: 'MediaItems',
    query: mediaQuery,
    itemQuery: contextQuery,
    write: mediaWrite,
    record: mediaRecord,
    listAuth: 'optional',
    batchable: false,
  }),
  // Uploads send the file as the raw body (Content-Disposition names it), so the generic POST is replaced.
  ...one('POST', '/cms/v2/media', {
    operationId: 'createMedia',
    summary: 'Upload a file (raw body with Content-Disposition, or multipart `file`).',
    namespace: 'cms',
    response: mediaRecord,
    successStatus: 201,
    auth: 'required',
    rawBody: true,
  }),
  ...one('POST', '/cms/v2/media/{id}/edit', {
    operationId: 'editMedia',
    summary: 'Flip, rotate or crop an image into a new attachment.',
    namespace: 'cms',
    params: idParams,
    body: mediaEditBody,
    response: mediaRecord,
    successStatus: 201,
    auth: 'required',
  }),
  ...one('POST', '/cms/v2/media/{id}/post-process', {
    operationId: 'postProcessMedia',
    summary: 'Create missing image sub-sizes after an upload.',
    namespace: 'cms',
    params: idParams,
    body: mediaPostProcessBody,
    response: mediaRecord,
    auth: 'required',
  }),
}));
