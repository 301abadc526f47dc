// ensureChromium (scripts/chromium/launch.mjs), which the demo and the browser tests call: the
// installer's output (apt's hundreds of lines) goes to a log file, not to the terminal, and is
// shown only when the install fails. Run in a child process to see exactly what it prints.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const launch = new URL('../../../scripts/chromium/launch.mjs', import.meta.url).href;
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs ensureChromium in a child with a fake installer; returns what it printed. */
function ensureWith(installerBody: string, installed = false) {
  dir = mkdtempSync(join(tmpdir(), 'chromium-install-'));
  const installer = join(dir, 'install.sh');
  writeFileSync(installer, installerBody);
  chmodSync(installer, 0o755);
  const options = { chromium: join(dir, 'chromium'), installer, log: join(dir, 'install.log') };
  if (installed) writeFileSync(options.chromium, '');
  const script = `import(${JSON.stringify(launch)}).then((m) => console.log('->', m.ensureChromium(${JSON.stringify(options)})))`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return { ...run, options };
}

const aptNoise = 'for i in $(seq 1 550); do echo "Unpacking libfoo$i (1.0) ..."; done';

describe('ensureChromium', () => {
  it('keeps a successful install out of the terminal: one line naming the log', () => {
    const run = ensureWith(`${aptNoise}\ntouch "$(dirname "$0")/chromium"\n`);
    expect(run.status).toBe(0);
    const printed = `${run.stdout}${run.stderr}`.trim().split('\n');
    expect(printed).toHaveLength(2);
    expect(printed[0]).toContain(`log: ${run.options.log}`);
    expect(printed[1]).toBe(`-> ${run.options.chromium}`);
    expect(readFileSync(run.options.log, 'utf8')).toContain('Unpacking libfoo550');
  });

  it('shows the end of the log when the install fails, and throws with it', () => {
    const run = ensureWith(`${aptNoise}\necho "E: Unable to locate package chromium" >&2\nexit 100\n`);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('E: Unable to locate package chromium');
    expect(run.stderr).toMatch(/install\.sh failed \(exit 100; log: /);
    expect(run.stdout + run.stderr).not.toContain('Unpacking libfoo1 ');
    expect(existsSync(run.options.chromium)).toBe(false);
  });

  it('does not run the installer when Chromium is there', () => {
    const run = ensureWith('touch "$(dirname "$0")/ran"\n', true);
    expect(run.stdout.trim()).toBe(`-> ${run.options.chromium}`);
    expect(existsSync(join(dir, 'ran'))).toBe(false);
    expect(existsSync(run.options.log)).toBe(false);
  });
});
