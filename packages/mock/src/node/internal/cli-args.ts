/** The `viewlink-mock` arguments, parsed and checked: a usage error on anything not understood. */
import { parseArgs } from 'node:util';
import { isLoopback } from './loopback.js';

/** Parsed command-line options. */
interface CliOptions {
  readonly port: number;
  readonly host: string;
  /** Where the Partner fake POSTs its webhooks (`--webhook-url`). */
  readonly webhookUrl?: string;
  /** Sent in each webhook's `Signature` header (`--webhook-secret` or `VIEWLINK_WEBHOOK_SECRET`). */
  readonly webhookSecret?: string;
  /** How the secret signs (`--webhook-scheme`): the secret itself, or an HMAC of the body. */
  readonly webhookScheme?: 'secret' | 'hmac-sha256';
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
      'webhook-scheme': { type: 'string' },
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
  const webhookScheme = values['webhook-scheme'];
  if (webhookScheme !== undefined && webhookScheme !== 'secret' && webhookScheme !== 'hmac-sha256')
    throw new TypeError(`--webhook-scheme must be secret or hmac-sha256, got ${webhookScheme}`);
  if (webhookUrl === undefined) {
    if (values['webhook-secret'] !== undefined) throw new TypeError('--webhook-secret needs --webhook-url');
    if (webhookScheme !== undefined) throw new TypeError('--webhook-scheme needs --webhook-url');
    return { port, host };
  }
  if (!URL.canParse(webhookUrl) || !/^https?:$/.test(new URL(webhookUrl).protocol))
    throw new TypeError(
      `--webhook-url must be an absolute http: or https: URL such as http://127.0.0.1:3000/webhooks/viewlink, got ${webhookUrl}`,
    );
  // Never echoed: the secret is the receiver's too.
  if (webhookSecret !== undefined && webhookSecret.trim() === '')
    throw new TypeError('--webhook-secret must not be blank');
  if (webhookScheme === 'hmac-sha256' && webhookSecret === undefined)
    throw new TypeError('--webhook-scheme hmac-sha256 needs --webhook-secret (or VIEWLINK_WEBHOOK_SECRET)');
  return {
    port,
    host,
    webhookUrl,
    ...(webhookSecret === undefined ? {} : { webhookSecret }),
    ...(webhookScheme === undefined ? {} : { webhookScheme }),
  };
}
