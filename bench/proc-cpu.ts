/**
 * CPU time of other processes, read from Linux's /proc: lets a benchmark say where the time of
 * a request goes (the client, PHP, MariaDB) independently of how busy the machine is, since
 * wall-clock ratios on a shared 2-core machine move with its load.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (100 on Linux). */
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // the process ended between listing and reading
  }
}

/** User + system CPU milliseconds of one process (after the name: field 11 utime, 12 stime). */
function cpuMsOf(fields: string[]): number {
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/**
 * CPU milliseconds used so far by every process of the process group `pgid` (a server started
 * with setsid and its forked workers). Undefined when /proc cannot be read (not Linux).
 */
export function groupCpuMs(pgid: number): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  let total = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    // After the name: 0 state, 1 ppid, 2 pgrp.
    if (fields && Number(fields[2]) === pgid) total += cpuMsOf(fields);
  }
  return total;
}

/** CPU milliseconds used so far by one process; undefined when it cannot be read. */
export function processCpuMs(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? cpuMsOf(fields) : undefined;
}

/** CPU milliseconds used so far by this Node process (all threads). */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
