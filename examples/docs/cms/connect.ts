import { CmsClient } from '@viewlink/cms';

const cms = new CmsClient({
  baseUrl: 'https://example.com',
  auth: { username: 'editor', applicationPassword: process.env.CMS_APP_PASSWORD! },
});

export { cms };
