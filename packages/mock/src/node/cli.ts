/** The `viewlink-mock` command: serves the fakes over HTTP on 127.0.0.1 until stopped. */
import { parseArgs } from 'node:util';
import { createMockService } from '../service.js';
import { isLoopback } from './loopback.js';
import { type RunningServer, serve } from './serve.js';

const USAGE = `Usage: viewlink-mock [--port <n>] [--host <address>]

Serves fakes of the Viewlink Partner API (at /) and the CMS REST interface (at /wp-json)
with the same handlers the msw setup uses.

  --port <n>        port to listen on (default 4010; 0 picks a free port)
  --host <address>  loopback address to bind (default 127.0.0.1)
  --help            show this text`;

/** Parsed command-line options. */
export interface CliOptions {
  readonly port: number;
  readonly host: string;
}

/** Parses `viewlink-mock` arguments; throws a usage error on anything it does not understand. */
export function parseCliArgs(argv: readonly string[]): CliOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean' } },
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
  return { port, host };
}

/** Runs the command; resolves with the server once it listens. */
export async function runCli(
  argv: readonly string[],
  print: (line: string) => void = console.log,
): Promise<RunningServer | undefined> {
  const options = parseCliArgs(argv);
  if (options === 'help') {
    print(USAGE);
    return undefined;
  }
  const server = await serve({ ...options, handle: createMockService().handle });
  print(`viewlink-mock listening on ${server.url}`);
  print(`  Partner API   ${server.url}/v1/...`);
  print(`  CMS REST root ${server.url}/wp-json/`);
  return server;
}
