/** forms/v1 setup wizard: hydrate, update, install plugins, payments, license, complete. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { formsRoute, formsUnknown } from './common.js';

/** Body of `setup-wizard/install-plugins`: plugin slugs; required, but may be empty. */
export const formsInstallPluginsBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    plugins: described(
      z._default(z.array(z.string()), []),
      'Slugs of the plugins to install; required by the server, may be empty (sent empty by default).',
    ),
  }),
);
/** Input type of {@link formsInstallPluginsBody}. */
export type { FormsInstallPluginsBody } from '../../generated/types.js';

/** How the wizard ended: build a form (default), import, exit, or go to the forms list. */
export const FORMS_WIZARD_OUTCOMES = ['build', 'import', 'exit', 'forms'] as const;
/** A wizard outcome. */
export const formsWizardOutcome = /* @__PURE__ */ lazy(() => z.enum(FORMS_WIZARD_OUTCOMES));
/** Type of {@link formsWizardOutcome}. */
export type { FormsWizardOutcome } from '../../generated/types.js';
/** Body of `setup-wizard/complete`. */
export const formsCompleteBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    outcome: described(
      z._default(formsWizardOutcome, 'build'),
      'How the wizard ended: `build` a form (the default), `import` forms, `exit`, or go to the `forms` list.',
    ),
  }),
);
/** Input type of {@link formsCompleteBody}. */
export type { FormsCompleteBody } from '../../generated/types.js';

/** Body of `setup-wizard/license/verify`. */
export const formsLicenseVerifyBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({ key: described(z.string(), 'License key to verify with the vendor.') }),
);
/** Input type of {@link formsLicenseVerifyBody}. */
export type { FormsLicenseVerifyBody } from '../../generated/types.js';

/** Setup wizard routes. */
export const formsSetupWizardRoutes: T.FormsSetupWizardRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'GET /forms/v1/setup-wizard/hydrate': formsRoute({
      method: 'GET',
      path: '/forms/v1/setup-wizard/hydrate',
      operationId: 'formsHydrateSetupWizard',
      summary: 'The saved state the setup wizard starts from.',
      response: formsUnknown,
      auth: 'required',
    }),
    'POST /forms/v1/setup-wizard/update': formsRoute({
      method: 'POST',
      path: '/forms/v1/setup-wizard/update',
      operationId: 'formsUpdateSetupWizard',
      summary: 'Save the setup wizard state.',
      response: formsUnknown,
      auth: 'required',
    }),
    'POST /forms/v1/setup-wizard/install-plugins': formsRoute({
      method: 'POST',
      path: '/forms/v1/setup-wizard/install-plugins',
      operationId: 'formsInstallPlugins',
      summary: 'Install the plugins chosen in the wizard, by slug.',
      body: formsInstallPluginsBody,
      response: formsUnknown,
      auth: 'required',
    }),
    'POST /forms/v1/setup-wizard/complete': formsRoute({
      method: 'POST',
      path: '/forms/v1/setup-wizard/complete',
      operationId: 'formsCompleteSetupWizard',
      summary: 'Finish the wizard with an outcome: build (default), import, exit or forms.',
      body: formsCompleteBody,
      response: formsUnknown,
      auth: 'required',
    }),
    'POST /forms/v1/setup-wizard/payment/connect-url': formsRoute({
      method: 'POST',
      path: '/forms/v1/setup-wizard/payment/connect-url',
      operationId: 'formsPaymentConnectUrl',
      summary: 'URL of the screen that connects a payment provider.',
      response: formsUnknown,
      auth: 'required',
    }),
    'GET /forms/v1/setup-wizard/license/key': formsRoute({
      method: 'GET',
      path: '/forms/v1/setup-wizard/license/key',
      operationId: 'formsGetLicenseKey',
      summary: 'The license key stored on this site.',
      response: formsUnknown,
      auth: 'required',
    }),
    'POST /forms/v1/setup-wizard/license/verify': formsRoute({
      method: 'POST',
      path: '/forms/v1/setup-wizard/license/verify',
      operationId: 'formsVerifyLicense',
      summary: 'Verify a license key with the vendor and store it.',
      body: formsLicenseVerifyBody,
      response: formsUnknown,
      auth: 'required',
    }),
  }),
);
