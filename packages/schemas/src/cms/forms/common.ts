/** Shared forms/v1 building blocks. */
import * as z from 'zod/mini';
import { lazy } from '../../internal/lazy.js';
import { type RouteDef, route } from '../../route.js';

/**
 * Declares one forms/v1 route: namespace `forms` and `notOnWordPress` are filled in, because the
 * plugin behind forms/v1 cannot run on the offline WordPress the contract tests use.
 */
export function formsRoute<const R extends Omit<RouteDef, 'namespace' | 'notOnWordPress'>>(
  def: R,
): R & { readonly namespace: 'forms'; readonly notOnWordPress: true } {
  return route({ ...def, namespace: 'forms', notOnWordPress: true });
}

/** Response body the spec does not show: any JSON value. */
export const formsUnknown = /* @__PURE__ */ lazy(() => z.unknown());
