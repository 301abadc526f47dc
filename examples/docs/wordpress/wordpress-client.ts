import { readFileSync } from 'node:fs';
import { CmsClient } from '@viewlink/cms';

const env = JSON.parse(readFileSync('.wp/env.json', 'utf8'));
const wp = new CmsClient({
  baseUrl: env.url,
  namespaces: { cms: 'wp/v2' },
  auth: { username: env.admin.username, applicationPassword: env.admin.applicationPassword },
});

export { wp };
