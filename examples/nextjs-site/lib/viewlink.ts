// lib/viewlink.ts: the partner backend's client, server-only (the API Key comes from the server's environment).
import { PartnerClient } from '@viewlink/partner';

let client: PartnerClient | undefined;

/** The partner client, made on first use: `next build` loads routes without the server's secrets. */
export function viewlink(): PartnerClient {
  client ??= new PartnerClient({
    apiKey: process.env.VIEWLINK_API_KEY ?? '',
    baseUrl: process.env.VIEWLINK_BASE_URL ?? 'http://127.0.0.1:4010',
  });
  return client;
}

/** The signed-in user (your session); the mock service seeds `demo-user`. */
export async function currentUserId(): Promise<string> {
  return 'demo-user';
}
