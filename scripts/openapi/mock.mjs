// Starts `viewlink-mock` (packages/mock's CLI, from source) on a free 127.0.0.1 port for a gate.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './tools.mjs';

/** Starts the mock; resolves with its origin and a `stop()` once it listens. */
export function startMock(args = []) {
  // One process (tsx as a loader, not its CLI wrapper), so stop() ends the server itself.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'packages/mock/src/cli.ts'), '--port', '0', ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`viewlink-mock did not start in 30 s:\n${out}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`viewlink-mock exited (${code}) before listening:\n${out}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout.resume();
      resolve({
        url: match[1],
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
