import { BadRequestError, type CmsClient, NotFoundError } from '@viewlink/cms';

declare const cms: CmsClient;

try {
  await cms.posts.get(999);
} catch (err) {
  if (err instanceof NotFoundError && err.code === 'rest_post_invalid_id') {
    /* ... */
  }
  if (err instanceof BadRequestError) console.log(err.params); // per-parameter messages
}
