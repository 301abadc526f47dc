/** `cmsQueries(cms, options)` of `@viewlink/cms/query`: the options it takes, and those it refuses. */
import { describe, expect, it } from 'vitest';
import { CmsClient, ConfigurationError } from '../src/index.js';
import { cmsQueries } from '../src/query.js';
import { SITE } from './helpers.js';

describe('cmsQueries() options', () => {
  const cms = new CmsClient({ baseUrl: SITE });

  it('keys queries by `site`, or by the base URL without options', () => {
    expect(cmsQueries(cms, { site: 'blog' }).posts.list().queryKey).toEqual([
      '@viewlink/cms',
      'blog',
      'posts',
      'list',
      {},
    ]);
    expect(cmsQueries(cms).posts.list().queryKey[1]).toBe(`${SITE}/`);
  });

  it('refuses a name it does not take, and options that are not an object', () => {
    expect(() => cmsQueries(cms, { sites: 'blog' } as never)).toThrow(ConfigurationError);
    expect(() => cmsQueries(cms, { sites: 'blog' } as never)).toThrow(
      'cmsQueries(): sites is an unknown option (known: site)',
    );
    expect(() => cmsQueries(cms, 'blog' as never)).toThrow('cmsQueries(): options must be an object: { site }');
  });
});
