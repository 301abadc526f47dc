// CMS: WordPress's error codes and per-parameter messages.
import {
  BadRequestError,
  type CmsClient,
  NotFoundError,
  PermissionDeniedError,
  type PerPage,
  ValidationError,
} from '@viewlink/cms';

declare const cms: CmsClient;
declare const perPage: number; // from a query string, say

try {
  await cms.posts.list({ per_page: perPage as PerPage }).all();
} catch (error) {
  if (error instanceof ValidationError) {
    // Nothing was sent. error.issues: [{ path: ['per_page'], message: '...' }]
    console.warn(error.issues.map((issue) => issue.path.join('.')));
  } else if (error instanceof BadRequestError && error.code === 'rest_invalid_param') {
    console.warn(error.params); // { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' }
  } else if (error instanceof NotFoundError || error instanceof PermissionDeniedError) {
    console.warn(error.status, error.code); // e.g. 404 rest_no_route: the site lacks the namespace
  } else {
    throw error;
  }
}
