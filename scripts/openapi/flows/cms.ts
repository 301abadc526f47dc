// The README's CMS flow through a client that @hey-api/openapi-ts generated from
// docs/openapi/cms-rest.yaml (scripts/openapi/clients.mjs copies this file next to it): list the
// published posts page by page, write one with an application password, read it back with
// `_fields`, open a `theme//slug` template, meet typed errors (its revisions, a missing post).
import { createClient } from './client/index.js';
import { createPost, getPost, getTemplate, listPosts, listTemplateRevisions } from './sdk.gen.js';
import type { CmsError, Post, PostPartial, Template, TemplatePartial } from './types.gen.js';

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`cms flow: ${message}`);
}

/** Runs the flow against `restRoot` (viewlink-mock's `/wp-json`); returns what it saw, one line per step. */
export async function run(restRoot: string): Promise<string[]> {
  const client = createClient({ baseUrl: restRoot });
  const admin = 'admin:fake admin appl pass word xxxx';

  const made: Post[] = [];
  for (const title of ['First', 'Second', 'From another language']) {
    const created = await createPost({ client, auth: admin, body: { title, status: 'publish' } });
    check(created.data !== undefined, `createPost answered ${created.response.status}`);
    made.push(created.data);
  }
  const post = made[2] as Post;

  // The README's loop, two per page so that the pages (X-WP-TotalPages) are walked.
  const titles: string[] = [];
  let pages = 1;
  for (let page = 1; page <= pages; page++) {
    const listed = await listPosts({ client, query: { per_page: 2, page, status: ['publish'] } });
    check(listed.data !== undefined, `listPosts answered ${listed.response.status}`);
    pages = Number(listed.response.headers.get('x-wp-totalpages') ?? '1');
    for (const item of listed.data) titles.push(item.title?.rendered ?? '');
  }
  check(titles.length === 3 && pages === 2, `listed ${titles.length} posts on ${pages} pages, not 3 on 2`);

  const trimmed = await getPost({ client, path: { id: post.id }, query: { _fields: ['title'] } });
  check(trimmed.data !== undefined, `getPost with _fields answered ${trimmed.response.status}`);
  const partial: Post | PostPartial = trimmed.data;
  check(
    partial.id === undefined && partial.title?.rendered === 'From another language',
    '_fields=title trimmed wrongly',
  );

  const template = await getTemplate({ client, auth: admin, path: { template_id: 'twentytwentyfour//home' } });
  check(template.data !== undefined, `getTemplate answered ${template.response.status}`);
  const home: Template | TemplatePartial = template.data;
  const revisions = await listTemplateRevisions({
    client,
    auth: admin,
    path: { template_id: 'twentytwentyfour//home' },
  });
  // A theme's template that was never saved has no revisions to read: WordPress 6.5.5 answers 403
  // (docs/wordpress.md), and so does the mock.
  const refused: CmsError | undefined = revisions.error;
  check(
    revisions.response.status === 403 && refused?.code === 'rest_cannot_read',
    `a never-saved template's revisions answered ${revisions.response.status} ${refused?.code}, not 403 rest_cannot_read`,
  );

  const missing = await getPost({ client, path: { id: 987654 } });
  const error: CmsError | undefined = missing.error;
  check(missing.response.status === 404, `a missing post answered ${missing.response.status}, not 404`);
  check(error?.code === 'rest_post_invalid_id', `a missing post's error code is ${error?.code}`);

  return [
    `posts: ${titles.length} published, ${pages} page(s)`,
    `created post ${post.id}, read back with _fields=title (no id)`,
    `template ${String(home.id)}: never saved, its revisions 403 ${refused.code}`,
    `missing post: 404 ${error?.code}`,
  ];
}
