/** forms/v1 route table fragment, merged into `cmsRoutes`. */
import type * as T from '../../generated/types.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { namespaceIndex, namespaceIndexQuery } from '../site-index.js';
import { formsRoute } from './common.js';
import { formsSetupWizardRoutes } from './setup-wizard.js';

/** Every forms/v1 route: the namespace index and the setup wizard. */
export const formsRoutes: T.FormsRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'GET /forms/v1': formsRoute({
      method: 'GET',
      path: '/forms/v1',
      operationId: 'getFormsNamespace',
      summary: 'forms/v1 namespace index.',
      query: namespaceIndexQuery,
      response: namespaceIndex,
      auth: 'none',
    }),
    ...formsSetupWizardRoutes,
  }),
);
/** Type of the forms/v1 route table. */
export type { FormsRoutes } from '../../generated/types.js';
