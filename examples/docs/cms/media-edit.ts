import type { CmsClient } from '@viewlink/cms';

declare const cms: CmsClient;

const media = await cms.media.get(42);
if (media.source_url === undefined) throw new Error('media 42 has no file');
await cms.media.edit(media.id, {
  src: media.source_url,
  modifiers: [{ type: 'crop', args: { left: 10, top: 10, width: 50, height: 50 } }],
});
await cms.media.postProcess(media.id, { action: 'create-image-subsizes' });
