// lib/preview.ts: server-only (the application password comes from the server's environment).
import { DraftPreview } from '@viewlink/cms/preview';

let reader: DraftPreview | undefined;

/** The draft reader, made on first use: `next build` loads routes without the server's secrets. */
export function preview(): DraftPreview {
  reader ??= new DraftPreview({
    baseUrl: process.env.WP_URL ?? 'http://127.0.0.1:8888',
    compat: 'wordpress',
    auth: {
      username: process.env.WP_PREVIEW_USER ?? 'editor',
      applicationPassword: process.env.WP_PREVIEW_PASSWORD ?? '',
    },
  });
  return reader;
}
