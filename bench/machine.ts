/** Where a run happened: the machine, Node, the load on it, and whether processes were pinned. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  pinned: boolean;
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function describeMachine(): Machine {
  const all = cpus();
  return {
    cpu: all[0]?.model.trim() ?? 'unknown',
    cores: all.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    pinned: all.length >= 2 && hasTaskset(),
  };
}

/** The one-minute load average, as `uptime` shows it. */
export const currentLoad = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;

/** The runner and its load generators on core 0; servers go to core 1 (processes.ts). */
/**
 * Every core of the machine as taskset takes them (`0-1`). From the machine's count, not
 * `availableParallelism()`: once this process is pinned, that counts the one core it is pinned to.
 */
export const everyCore = (): string => `0-${String(cpus().length - 1)}`;

export function pinSelf(machine: Machine): void {
  if (machine.pinned) execFileSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' });
}
