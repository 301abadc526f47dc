import type * as S from '@viewlink/schemas';
import { describe, expectTypeOf, it } from 'vitest';
import type { CmsClient, MethodName } from '../src/index.js';

declare const cms: CmsClient;

/**
 * Keys of the generated `*Methods` interface whose route is not named so by the runtime rule
 * (`MethodName`, what `routeGroup()` does), plus routes of the table the interface leaves out.
 */
type Misnamed<T extends S.RouteTable, M, Ns extends string, G extends string> =
  | {
      [N in keyof M]: M[N] extends keyof T ? (MethodName<T[M[N]]['operationId'], Ns, G> extends N ? never : N) : N;
    }[keyof M]
  | Exclude<keyof T, M[keyof M]>;

describe('seo/v1 and forms/v1 method types', () => {
  it('methods are named from the operationIds and grouped by feature', () => {
    expectTypeOf(cms.seo.ai.getSuggestions).toBeFunction();
    expectTypeOf(cms.seo.bulkEditor.posts).toBeFunction();
    expectTypeOf(cms.forms.setupWizard.completeSetupWizard).toBeFunction();
  });

  it('the generated method interfaces name every route as the runtime does', () => {
    expectTypeOf<Misnamed<S.SeoAiRoutes, S.SeoAiMethods, 'seo', 'Ai'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoBulkEditorRoutes, S.SeoBulkEditorMethods, 'seo', 'BulkEditor'>>().toBeNever();
    expectTypeOf<
      Misnamed<S.SeoContentPlannerRoutes, S.SeoContentPlannerMethods, 'seo', 'ContentPlanner'>
    >().toBeNever();
    expectTypeOf<Misnamed<S.SeoImportRoutes, S.SeoImportMethods, 'seo', 'Import'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoIndexingRoutes, S.SeoIndexingMethods, 'seo', 'Indexing'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoIntegrationsRoutes, S.SeoIntegrationsMethods, 'seo', 'Integrations'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoKeywordToolRoutes, S.SeoKeywordToolMethods, 'seo', 'KeywordTool'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoNoticesRoutes, S.SeoNoticesMethods, 'seo', 'Notices'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoRankTrackerRoutes, S.SeoRankTrackerMethods, 'seo', 'RankTracker'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoScoresRoutes, S.SeoScoresMethods, 'seo', 'Scores'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoSetupRoutes, S.SeoSetupMethods, 'seo', 'Setup'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoSiteRoutes, S.SeoSiteMethods, 'seo', 'Site'>>().toBeNever();
    expectTypeOf<Misnamed<S.SeoTasksRoutes, S.SeoTasksMethods, 'seo', 'Tasks'>>().toBeNever();
    expectTypeOf<Misnamed<S.FormsSetupWizardRoutes, S.FormsSetupWizardMethods, 'forms', 'SetupWizard'>>().toBeNever();
    // The check can fail: a name the rule does not give is reported.
    expectTypeOf<
      Misnamed<
        S.SeoAiRoutes,
        S.SeoAiMethods & { readonly suggest: 'POST /seo/v1/ai_generator/get_suggestions' },
        'seo',
        'Ai'
      >
    >().toEqualTypeOf<'suggest'>();
  });

  it('inputs are typed by the route: enums and unknown keys do not compile', () => {
    void cms.seo.ai.getSuggestions({
      // @ts-expect-error 'nope' is not a suggestion type
      type: 'nope',
      prompt_content: 'x',
      focus_keyphrase: 'k',
      language: 'en',
      platform: 'Google',
      editor: 'classic',
    });
    // @ts-expect-error consent is required
    void cms.seo.ai.consent({});
    // @ts-expect-error unknown key
    void cms.forms.setupWizard.completeSetupWizard({ outcome: 'import', extra: 1 });
  });
});
