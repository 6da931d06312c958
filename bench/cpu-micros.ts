import { readFileSync } from 'node:fs';

/**
 * The CPU time (user + system) a process has used, in µs: /proc/PID/stat's utime and stime, in
 * the kernel's USER_HZ ticks (100 a second on Linux), so 10-ms resolution.
 */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
