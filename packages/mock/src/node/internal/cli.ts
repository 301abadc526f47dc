/** The `viewlink-mock` command: serves the fakes over HTTP on 127.0.0.1 until stopped. */
import { createMockService } from '../../service.js';
import { type RunningServer, serve } from '../serve.js';
import { parseCliArgs } from './cli-args.js';

const USAGE = `Usage: viewlink-mock [--port <n>] [--host <address>] [--webhook-url <url> [--webhook-secret <secret>] [--webhook-scheme <scheme>]]

Serves fakes of the Viewlink Partner API (at /) and the CMS REST interface (at /wp-json)
with the same handlers the msw setup uses.

  --port <n>                 port to listen on (default 4010; 0 picks a free port)
  --host <address>           loopback address to bind (default 127.0.0.1)
  --webhook-url <url>        POST refresh and data-file webhooks to your receiver (http: or https:)
  --webhook-secret <secret>  sent in the Signature header of each webhook, as the service does
                             (default: the VIEWLINK_WEBHOOK_SECRET environment variable, if set)
  --webhook-scheme <scheme>  secret (default: the header is the secret, as the spec says) or
                             hmac-sha256 (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">)
  --help                     show this text

The webhook target can also be set and changed while running: PUT /__mock/webhook { url, secret, scheme }.
Sandbox control routes (docs/testing.md): break, repair or disconnect an account
(POST /__mock/users/{user_id}/accounts/{service}/break|repair|disconnect), fire any webhook
(POST /__mock/webhook/events), make the test extension fail at a step (POST /__mock/link-faults),
put everything back as it started between tests (POST /__mock/reset).`;

/** Runs the command; resolves with the server once it listens. */
export async function runCli(
  argv: readonly string[],
  print: (line: string) => void = console.log,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<RunningServer | undefined> {
  const options = parseCliArgs(argv, env);
  if (options === 'help') {
    print(USAGE);
    return undefined;
  }
  const { port, host, webhookUrl, webhookSecret, webhookScheme } = options;
  const service = createMockService({
    partner: {
      ...(webhookUrl && { webhookUrl }),
      ...(webhookSecret && { webhookSecret }),
      ...(webhookScheme && { webhookScheme }),
    },
  });
  const server = await serve({ port, host, handle: service.handle, refuseMethod: service.refuseMethod });
  print(`viewlink-mock listening on ${server.url}`);
  print(`  Partner API   ${server.url}/v1/...`);
  print(`  CMS REST root ${server.url}/wp-json/`);
  if (webhookUrl)
    print(
      `  Webhooks   -> ${webhookUrl} (${webhookSecret === undefined ? 'unsigned' : webhookScheme === 'hmac-sha256' ? 'Signature: HMAC-SHA256 with your secret' : 'Signature: your secret'})`,
    );
  return server;
}
