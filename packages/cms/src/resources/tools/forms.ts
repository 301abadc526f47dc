/**
 * forms/v1: the form builder's setup-wizard routes as typed methods
 * (`client.forms.setupWizard.complete(...)`). Remap with `namespaces: { forms: 'wpforms/v1' }`.
 */
import { type FormsSetupWizardMethods, type FormsSetupWizardRoutes, formsSetupWizardRoutes } from '@viewlink/schemas';
import type { ResourceContext } from '../resource.js';
import { type RouteGroup, routeGroup } from './route-group.js';

/** forms/v1 setup wizard (`client.forms.setupWizard`): one method per route. */
export interface FormsSetupWizard extends RouteGroup<FormsSetupWizardRoutes, FormsSetupWizardMethods> {}

/** The forms/v1 methods. */
export interface Forms {
  /** Setup wizard. */
  readonly setupWizard: FormsSetupWizard;
}

/** Builds `client.forms`. */
export function createForms(context: ResourceContext): Forms {
  return Object.freeze({
    setupWizard: routeGroup<FormsSetupWizardRoutes, FormsSetupWizardMethods>(
      context,
      formsSetupWizardRoutes,
      'forms',
      'SetupWizard',
    ),
  });
}
