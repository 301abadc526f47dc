/** Step 1: the embedded mock service and examples/partner-backend, in-process on 127.0.0.1. */
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { type PartnerBackend, startPartnerBackend } from '../partner-backend/server.js';
import type { Report } from './report.js';

export interface DemoServices {
  readonly mock: ReturnType<typeof createMockService>;
  readonly mockUrl: string;
  readonly backend: PartnerBackend;
  close(): Promise<void>;
}

// Demo-only credentials of the embedded fake; never printed.
const apiKey = 'vl_demo_api_key';
const webhookSecret = 'whsec_demo_secret';

export async function startServices(report: Report): Promise<DemoServices> {
  const mock = createMockService({ partner: { apiKeys: [apiKey], webhookSecret, refreshDelayMs: 300 } });
  const mockServer = await serve({ handle: mock.handle });
  let backend: PartnerBackend | undefined;
  try {
    backend = await startPartnerBackend({
      apiKey,
      baseUrl: mockServer.url,
      webhookSecret,
      insecureLocalWebhooks: true,
    });
    mock.partner.webhooks.url = `${backend.url}/webhooks/viewlink`;
    report.ok(`mock service on ${mockServer.url}, partner backend on ${backend.url}`);
    report.ok('webhook receiver accepts plain http on 127.0.0.1 (allowInsecureHttp: local development only)');

    const res = await fetch(`${backend.url}/api/viewlink/token`, { method: 'POST' });
    const body = (await res.json()) as Record<string, unknown>;
    const fields = Object.keys(body).sort().join(', ');
    if (res.ok && Object.keys(body).length >= 2) report.ok(`token pair issued for demo-user (fields: ${fields})`);
    else report.fail(`token pair for demo-user: HTTP ${res.status}`);

    const renew = await fetch(`${backend.url}/api/viewlink/token/renew`, { method: 'POST' });
    if (renew.ok) report.ok('token-renewal endpoint answers (POST /api/viewlink/token/renew)');
    else report.fail(`token-renewal endpoint: HTTP ${renew.status}`);
  } catch (error) {
    await backend?.close();
    await mockServer.close();
    throw error;
  }
  const started = backend;
  return {
    mock,
    mockUrl: mockServer.url,
    backend: started,
    close: async () => {
      await started.close();
      await mockServer.close();
    },
  };
}
