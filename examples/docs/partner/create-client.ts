import { PartnerClient } from '@viewlink/partner';

export const viewlink = new PartnerClient({
  apiKey: process.env.VIEWLINK_API_KEY!, // backend only
  baseUrl: process.env.VIEWLINK_BASE_URL!, // https; http only on 127.0.0.1/localhost (tests)
});
