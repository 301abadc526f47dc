import { describe, expect, it } from 'vitest';
import { measure } from '../../web/test/measure-size.js';
import { measureReact, REACT_BUDGET_BYTES, REACT_HOOKS, REACT_WITH_QUERY } from './measure-size.js';

describe('bundle size of @viewlink/react', () => {
  it(`@viewlink/react + @viewlink/web, without React, is at most ${REACT_BUDGET_BYTES} bytes minified + gzipped`, async () => {
    const size = await measureReact(REACT_HOOKS);
    const web = await measure("import { SDK } from '@viewlink/web'; globalThis.keep = SDK;");
    expect(size.nodeImports).toEqual([]);
    expect(size.loaded.gzipped).toBeGreaterThan(web.loaded.gzipped); // the hooks are really in it
    expect(size.loaded.gzipped).toBeLessThanOrEqual(REACT_BUDGET_BYTES);
    // React stays the app's: imported, not bundled.
    expect(size.loaded.code).toMatch(/from\s*"react"/);
    expect(size.loaded.code).not.toContain('__SECRET_INTERNALS');
  });
  it('the TanStack Query options add little and load nothing of TanStack (a type import only)', async () => {
    const hooks = await measureReact(REACT_HOOKS);
    const withQuery = await measureReact(REACT_WITH_QUERY);
    expect(withQuery.loaded.code).not.toContain('@tanstack');
    expect(withQuery.loaded.code).toContain('watchlist');
    expect(withQuery.loaded.gzipped - hooks.loaded.gzipped).toBeLessThan(400);
  });
});
