import type { CmsClient } from '@viewlink/cms';

declare const cms: CmsClient;

const me = await cms.requestRaw({ method: 'GET', path: '/wp/v2/users/me' });

export { me };
