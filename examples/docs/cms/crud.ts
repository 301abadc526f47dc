import type { CmsClient } from '@viewlink/cms';

declare const cms: CmsClient;

const post = await cms.posts.create({ title: 'Hello', content: '<p>Hi</p>', status: 'draft', categories: [3] });
const same = await cms.posts.get(post.id, { context: 'edit' });
await cms.posts.update(post.id, { status: 'publish' });

const trashed = await cms.posts.delete(post.id); // Post with status 'trash'
const gone = await cms.posts.delete(post.id, { force: true }); // { deleted: true, previous: Post }

export { gone, same, trashed };
