/** The `viewlink-mock` command: serves the fakes over HTTP on 127.0.0.1 until stopped. */
import { parseArgs } from 'node:util';
import { createMockService } from '../service.js';
import { isLoopback } from './loopback.js';
import { type RunningServer, serve } from './serve.js';

const USAGE = `Usage: viewlink-mock [--port <n>] [--host <address>] [--webhook-url <url> [--webhook-secret <secret>]]

Serves fakes of the Viewlink Partner API (at /) and the CMS REST interface (at /wp-json)
with the same handlers the msw setup uses.

  --port <n>                 port to listen on (default 4010; 0 picks a free port)
  --host <address>           loopback address to bind (default 127.0.0.1)
  --webhook-url <url>        POST refresh and data-file webhooks to your receiver (http: or https:)
  --webhook-secret <secret>  sent in the Signature header of each webhook, as the service does
                             (default: the VIEWLINK_WEBHOOK_SECRET environment variable, if set)
  --help                     show this text

The webhook target can also be set and changed while running: PUT /__mock/webhook { url, secret }.`;

/** Parsed command-line options. */
export interface CliOptions {
  readonly port: number;
  readonly host: string;
  /** Where the Partner fake POSTs its webhooks (`--webhook-url`). */
  readonly webhookUrl?: string;
  /** Sent in each webhook's `Signature` header (`--webhook-secret` or `VIEWLINK_WEBHOOK_SECRET`). */
  readonly webhookSecret?: string;
}

/**
 * Parses `viewlink-mock` arguments; throws a usage error on anything it does not understand.
 * `env` supplies `VIEWLINK_WEBHOOK_SECRET` when `--webhook-secret` is not given.
 */
export function parseCliArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new TypeError(`--port must be an integer from 0 to 65535, got ${values.port}`);
  const host = values.host ?? '127.0.0.1';
  // A fake accepts any key: exposing it beyond this machine would invite real traffic.
  if (!isLoopback(host)) throw new TypeError(`--host must be a loopback address (127.0.0.1, ::1), got ${host}`);
  const webhookUrl = values['webhook-url'];
  const webhookSecret = values['webhook-secret'] ?? (env.VIEWLINK_WEBHOOK_SECRET || undefined);
  if (webhookUrl === undefined) {
    if (values['webhook-secret'] !== undefined) throw new TypeError('--webhook-secret needs --webhook-url');
    return { port, host };
  }
  if (!URL.canParse(webhookUrl) || !/^https?:$/.test(new URL(webhookUrl).protocol))
    throw new TypeError(
      `--webhook-url must be an absolute http: or https: URL such as http://127.0.0.1:3000/webhooks/viewlink, got ${webhookUrl}`,
    );
  // Never echoed: the secret is the receiver's too.
  if (webhookSecret !== undefined && webhookSecret.trim() === '')
    throw new TypeError('--webhook-secret must not be blank');
  return { port, host, webhookUrl, ...(webhookSecret === undefined ? {} : { webhookSecret }) };
}

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
  const { port, host, webhookUrl, webhookSecret } = options;
  const service = createMockService({
    partner: { ...(webhookUrl && { webhookUrl }), ...(webhookSecret && { webhookSecret }) },
  });
  const server = await serve({ port, host, handle: service.handle, refuseMethod: service.refuseMethod });
  print(`viewlink-mock listening on ${server.url}`);
  print(`  Partner API   ${server.url}/v1/...`);
  print(`  CMS REST root ${server.url}/wp-json/`);
  if (webhookUrl)
    print(`  Webhooks   -> ${webhookUrl} (${webhookSecret === undefined ? 'unsigned' : 'Signature: your secret'})`);
  return server;
}
