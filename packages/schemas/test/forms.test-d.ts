import { describe, expectTypeOf, it } from 'vitest';
import type { FormsRoutes, FormsWizardOutcome } from '../src/cms/index.js';
import type { InputOf, OutputOf } from '../src/route.js';

type CompleteIn = InputOf<FormsRoutes['POST /forms/v1/setup-wizard/complete']['body']>;
type CompleteOut = OutputOf<FormsRoutes['POST /forms/v1/setup-wizard/complete']['body']>;
type InstallIn = InputOf<FormsRoutes['POST /forms/v1/setup-wizard/install-plugins']['body']>;
type VerifyIn = InputOf<FormsRoutes['POST /forms/v1/setup-wizard/license/verify']['body']>;

describe('forms/v1 types', () => {
  it('pins the outcome union; the default makes it optional on input only', () => {
    expectTypeOf<FormsWizardOutcome>().toEqualTypeOf<'build' | 'import' | 'exit' | 'forms'>();
    expectTypeOf<CompleteIn>().toEqualTypeOf<{ outcome?: FormsWizardOutcome | undefined }>();
    expectTypeOf<CompleteOut>().toEqualTypeOf<{ outcome: FormsWizardOutcome }>();
    expectTypeOf<OutputOf<FormsRoutes['POST /forms/v1/setup-wizard/install-plugins']['body']>>().toEqualTypeOf<{
      plugins: string[];
    }>();
  });

  it('rejects bad values, unknown keys and missing required fields at compile time', () => {
    // @ts-expect-error not an outcome
    const done: CompleteIn = { outcome: 'done' };
    // @ts-expect-error plugins are strings
    const ids: InstallIn = { plugins: [1] };
    // @ts-expect-error key is required
    const noKey: VerifyIn = {};
    // @ts-expect-error unknown key
    const typo: VerifyIn = { key: 'k', licence: 'k' };
    void [done, ids, noKey, typo];
  });

  it('marks the wizard routes as forms routes that need a login', () => {
    expectTypeOf<FormsRoutes['GET /forms/v1/setup-wizard/hydrate']['auth']>().toEqualTypeOf<'required'>();
    expectTypeOf<FormsRoutes['GET /forms/v1/setup-wizard/hydrate']['namespace']>().toEqualTypeOf<'forms'>();
    expectTypeOf<FormsRoutes['GET /forms/v1']['auth']>().toEqualTypeOf<'none'>();
  });
});
