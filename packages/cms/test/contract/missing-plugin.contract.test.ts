/**
 * A seo/v1 or forms/v1 call to a stock WordPress without Yoast SEO or WPForms: 404
 * `rest_no_route`, whose "No route was found" does not say that the plugin is missing. The
 * message names the namespace, the plugin and `discover()`. The fake serves both namespaces, so
 * only the real WordPress has the case.
 */
import { NotFoundError } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets } from './targets.js';

describe.each(targets())('a tool namespace the site lacks on $name', (target) => {
  const cms = clientFor(target);

  it.skipIf(target.name !== 'wordpress')('forms/v1 and seo/v1 calls say the plugin is missing', async () => {
    const forms = await failure(() => cms.forms.setupWizard.completeSetupWizard({ outcome: 'import' }));
    expect(forms).toBeInstanceOf(NotFoundError);
    expect(forms.code).toBe('rest_no_route');
    expect(String(forms.message)).toMatch(
      /^forms\.setupWizard\.completeSetupWizard\(\): 404 No route was found matching the URL and request method\. The site serves no forms\/v1 routes \(WPForms' wpforms\/v1 on a stock WordPress\): is the plugin active\? `await cms\.discover\(\)` lists/,
    );
    const seo = await failure(() => cms.seo.site.getHead({ url: `${target.baseUrl}/` }));
    expect(String(seo.message)).toContain(
      "The site serves no seo/v1 routes (Yoast SEO's yoast/v1 on a stock WordPress)",
    );
    expect((await cms.discover()).missingNamespaces).toEqual(expect.arrayContaining(['seo', 'forms']));
  });
});
