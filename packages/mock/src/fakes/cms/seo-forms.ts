/**
 * The fake's seo/v1 and forms/v1 routes (issue 6): every route answers with WordPress-like
 * validation errors for bad input and a plausible body otherwise. Filled in with issue 6.
 */
import type { cmsRoutes } from '@viewlink/schemas';
import type { Implementations } from '../../core/router.js';

/** Implementations of the seo/v1 and forms/v1 routes. */
export function seoFormsRoutes(): Implementations<typeof cmsRoutes> {
  return {};
}
