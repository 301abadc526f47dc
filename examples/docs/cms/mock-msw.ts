import { CmsClient } from '@viewlink/cms';
import { createMockService, toMswHandlers } from '@viewlink/mock';
import type { SetupServer } from 'msw/node';

declare const server: SetupServer; // your test's msw server

server.use(...toMswHandlers('http://127.0.0.1:9911', createMockService()));
const cms = new CmsClient({ baseUrl: 'http://127.0.0.1:9911/wp-json' });

export { cms };
