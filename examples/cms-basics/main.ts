/**
 * CMS basics with `@viewlink/cms` against the CMS fake of `viewlink-mock`: connect (REST root
 * discovered from the `Link` header), discover what the site serves, read the site index, then
 * posts CRUD, pagination, revisions and bad input caught before sending.
 *
 *   pnpm exec tsx examples/cms-basics/main.ts                 # starts the mock service itself
 *   pnpm exec tsx examples/cms-basics/main.ts http://127.0.0.1:4010   # a running `viewlink-mock`
 *
 * Exits non-zero when a step fails, saying which.
 */
import { APIError, CmsClient, ValidationError } from '@viewlink/cms';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';

const given = process.argv[2];
// The same service `viewlink-mock` serves: Partner fake at /, CMS fake at /wp-json.
const server = given ? undefined : await serve({ handle: createMockService().handle });
const site = given ?? (server as NonNullable<typeof server>).url;

const cms = new CmsClient({
  // The fake advertises its REST root like WordPress: `Link: <.../wp-json/>; rel="https://api.w.org/"`.
  baseUrl: `${site}/wp-json`,
  // Plain http is accepted for Basic auth only because this is a loopback host.
  auth: { username: 'admin', applicationPassword: 'demo app password 0001' },
  logger: { warn: (message) => console.warn(message) },
});

let failed = false;
async function step(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    failed = true;
    const detail = error instanceof APIError ? `${error.name} (${error.code}): ${error.message}` : String(error);
    console.error(`✗ ${name}: ${detail}`);
  }
}

await step('discover', async () => {
  const report = await cms.discover();
  console.log(`REST root ${report.restRoot}`);
  console.log(`namespaces: ${report.namespaces.join(', ')}; missing: ${report.missingNamespaces.join(', ') || 'none'}`);
  console.log(`${report.supportedRoutes.length} routes supported, ${report.batchableRoutes.length} batchable`);
});

await step('site index', async () => {
  const index = await cms.site.index();
  console.log(`site "${index.name}" at ${index.url}`);
});

await step('bad input is refused before sending', async () => {
  try {
    // @ts-expect-error per_page is 1-100: a compile error, and a ValidationError at run time.
    await cms.posts.list({ per_page: 500 });
    throw new Error('per_page: 500 was not refused');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.log(`refused: ${error.message}`);
  }
});

await step('posts CRUD, pagination and revisions', async () => {
  const post = await cms.posts.create({ title: 'Hello from cms-basics', content: 'First draft', status: 'draft' });
  console.log(`created post ${post.id}`);
  await cms.posts.update(post.id, { content: 'Second draft', status: 'publish' });
  const page = await cms.posts.list({ per_page: 10 });
  console.log(`page 1: ${page.items.length} of ${page.total} posts in ${page.totalPages} page(s)`);
  const revisions = await cms.posts.revisions.list(post.id);
  console.log(`post ${post.id} has ${revisions.items.length} revision(s)`);
  const trashed = await cms.posts.delete(post.id);
  console.log(`trashed: status ${trashed.status}`);
  const gone = await cms.posts.delete(post.id, { force: true });
  console.log(`deleted permanently: ${gone.deleted}`);
});

await server?.close();
if (failed) {
  console.error('cms-basics: some steps failed (see above)');
  process.exit(1);
}
console.log('cms-basics: all steps passed');
