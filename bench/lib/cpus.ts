import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';

let tasksetFound: boolean | undefined;
const hasTaskset = () => {
  tasksetFound ??= spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
  return tasksetFound;
};

/**
 * The command and arguments that run `command` on the CPUs `cpus` (taskset's list, say `0` or `1-3`), or the same
 * command where no CPUs are asked for or taskset is missing.
 */
export function onCpus(command: string, args: string[], cpus: string | undefined): [string, string[]] {
  return cpus && hasTaskset() ? ['taskset', ['-c', cpus, command, ...args]] : [command, args];
}

/** Moves a running process, every thread of it, onto the CPUs `cpus` (taskset's list); nothing without taskset. */
export function pinProcess(pid: number, cpus: string): void {
  if (hasTaskset()) execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/**
 * On a machine of two CPUs or more with taskset: the server measured is to run on CPU 0 and this process (the load
 * generator) on every other CPU until `release`, so that neither preempts the other; PostgreSQL and the kernel go
 * where they may. Undefined where nothing can be pinned.
 */
export function pinServerApart(): { serverCpus: string; release(): void } | undefined {
  const count = os.availableParallelism();
  if (count < 2 || !hasTaskset()) return undefined;
  pinProcess(process.pid, `1-${count - 1}`);
  return { serverCpus: '0', release: () => pinProcess(process.pid, `0-${count - 1}`) };
}
