import { readFileSync } from 'node:fs';
import { CmsClient } from '@viewlink/cms';

// The site scripts/wordpress/start.sh runs (its state in .wp/, or WP_STATE_DIR).
const env = JSON.parse(readFileSync(`${process.env.WP_STATE_DIR ?? '.wp'}/env.json`, 'utf8'));
const wp = new CmsClient({
  baseUrl: env.url,
  compat: 'wordpress', // the stock WordPress profile: wp/v2, and the spec's names both ways
  auth: { username: env.admin.username, applicationPassword: env.admin.applicationPassword },
});

const latest = await wp.posts.list({ per_page: 5, _fields: ['id', 'title'] });
console.log(`${latest.total} posts`);

export { latest, wp };
