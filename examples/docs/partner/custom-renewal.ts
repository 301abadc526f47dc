import { PartnerClient } from '@viewlink/partner';

declare const apiKey: string;
declare const baseUrl: string;

export const viewlink = new PartnerClient({
  apiKey,
  baseUrl,
  renewal: { method: 'PUT', path: '/v1/management/tokens', body: (refreshToken) => ({ token: refreshToken }) },
});
