// lib/preview.ts: server-only (the application password comes from the server's environment).
import { DraftPreview } from '@viewlink/cms/preview';

export const preview = new DraftPreview({
  baseUrl: process.env.WP_URL ?? 'http://127.0.0.1:8888',
  compat: 'wordpress',
  auth: {
    username: process.env.WP_PREVIEW_USER ?? 'editor',
    applicationPassword: process.env.WP_PREVIEW_PASSWORD ?? '',
  },
});
