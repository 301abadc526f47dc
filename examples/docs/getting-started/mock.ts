// Both fakes in process: your code's fetch calls to 127.0.0.1:4010 are answered by msw.
import { CmsClient } from '@viewlink/cms';
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { PartnerClient } from '@viewlink/partner';
import { setupServer } from 'msw/node';

const service = createMockService(); // API key 'vl_test_api_key', users 'demo-user', 'longtime-user', 'new-user'
setupServer(...toMswHandlers('http://127.0.0.1:4010', service)).listen({ onUnhandledFrame: 'error' });

const viewlink = new PartnerClient({ apiKey: 'vl_test_api_key', baseUrl: 'http://127.0.0.1:4010' });
console.log((await viewlink.user('demo-user').accounts()).needingReauthentication); // the broken tubely account

const cms = new CmsClient({ baseUrl: 'http://127.0.0.1:4010' }); // REST root /wp-json, as on a stock WordPress
console.log((await cms.discover()).namespaces);
