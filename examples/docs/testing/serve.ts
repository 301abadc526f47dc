// The same service on a real port, from Node (e.g. a global setup for end-to-end tests).
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';

const service = createMockService();
const server = await serve({ port: 0, handle: service.handle }); // 0: a free port on 127.0.0.1
console.log(`Partner API at ${server.url}, CMS REST root at ${server.url}/wp-json/`);
// ... run the tests against server.url ...
await server.close();
