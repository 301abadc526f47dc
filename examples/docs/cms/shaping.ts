import type { CmsClient } from '@viewlink/cms';

declare const cms: CmsClient;

// `context` decides which fields come back: `view` (default) has no `raw`, `edit` has it.
const view = await cms.posts.get(1);
const edit = await cms.posts.get(1, { context: 'edit' });
console.log(view.title?.rendered, edit.title?.raw);

// `_fields` trims the record: the type holds exactly these fields, and only they are validated.
const titles = await cms.posts.list({ per_page: 100, _fields: ['id', 'title'] });
for (const post of titles.items) console.log(post.id, post.title?.rendered);

// `_embed` adds a typed `_embedded` with the linked author, featured image and terms. An entry
// is WordPress's error object when the caller may not read the linked item.
const withAuthor = await cms.posts.get(1, { _embed: ['author', 'wp:featuredmedia'] });
const author = withAuthor._embedded?.author?.[0];
if (author && !('code' in author)) console.log(author.name);
