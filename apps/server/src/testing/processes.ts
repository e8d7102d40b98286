import { type ChildProcess, spawn } from 'node:child_process';

/** A process of this Node running a TypeScript entry through tsx, and all it has written to stdout and stderr so far. */
export function spawnTsx(
  entry: string,
  options: { cwd?: string; env: NodeJS.ProcessEnv },
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => output };
}
