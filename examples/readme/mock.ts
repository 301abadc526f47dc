// Tests: both fakes as msw handlers (Partner API at /, CMS REST root at /wp-json).
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { setupServer } from 'msw/node';

const service = createMockService({ partner: { apiKeys: ['vl_test_api_key'] } });
setupServer(...toMswHandlers('http://127.0.0.1:4010', service)).listen({ onUnhandledFrame: 'error' });
