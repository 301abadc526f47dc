import type { CmsClient } from '@viewlink/cms';

declare const cms: CmsClient;

const post = await cms.request('GET /cms/v2/posts/{id}', { id: 5, context: 'edit' });

export { post };
