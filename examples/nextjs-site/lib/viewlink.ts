// lib/viewlink.ts: the partner backend's client, server only (the API Key comes from the server's environment).
// A client component importing this module fails `next build` ("server-only"), instead of shipping
// @viewlink/partner in the browser bundle. Next.js provides the module: nothing to install.
import 'server-only';
import { PartnerClient } from '@viewlink/partner';

let client: PartnerClient | undefined;

/**
 * The client, made on first use: `next build` loads the route modules without the server's
 * secrets, and a client made when the module loads would fail the build (`apiKey` is required).
 */
export function viewlink(): PartnerClient {
  client ??= new PartnerClient({
    apiKey: process.env.VIEWLINK_API_KEY ?? '',
    baseUrl: process.env.VIEWLINK_BASE_URL ?? 'http://127.0.0.1:4010',
  });
  return client;
}
