#!/usr/bin/env node
/**
 * The `viewlink-mock` binary.
 * @packageDocumentation
 */
import { runCli } from './node/internal/cli.js';

runCli(process.argv.slice(2)).then(
  (server) => {
    if (!server) return;
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
  (error: unknown) => {
    console.error(`viewlink-mock: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
