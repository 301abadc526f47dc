// Child processes of the matrix: run one to completion with a time limit, or start a
// long-lived one in its own process group and stop the whole group.
import { spawn } from 'node:child_process';

/** Runs `cmd args` to completion; never rejects (the caller reports the exit and output). */
export function runProcess(cmd, args, { cwd, env = process.env, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => stopGroup(child), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, stdout, stderr: `${stderr}${error.message}`, timedOut: false });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut: signal !== null && code === null });
    });
  });
}

/** Starts a long-lived process in its own group; `output()` is everything it printed so far. */
export function startProcess(cmd, args, { cwd, env = process.env } = {}) {
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  child.on('error', (error) => (output += `\n${error.message}`));
  return { child, output: () => output, exited, stop: () => stopGroup(child) };
}

/** SIGTERM to the child's whole process group (wrangler starts workerd as a grandchild). */
export function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Polls `url` until it answers 2xx, the process exits, or `timeoutMs` passes. */
export async function waitForUrl(url, { exited, timeoutMs = 60_000, output }) {
  const deadline = Date.now() + timeoutMs;
  let done = false;
  exited.then(() => (done = true));
  while (Date.now() < deadline) {
    if (done) throw new Error(`exited before ${url} answered. Output:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s. Output:\n${output()}`);
}
