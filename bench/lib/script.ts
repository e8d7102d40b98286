import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when the file at `moduleUrl` is the script Node was asked to run, so a figure script can run on its own. */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === fileURLToPath(moduleUrl);
}

/**
 * Runs `main` when the file at `moduleUrl` is the script Node was asked to run (not when `bench/run-all.ts` imports
 * it); a failure is printed and makes the process exit non-zero.
 */
export function runScript(moduleUrl: string, main: () => Promise<unknown>): void {
  if (!isEntryPoint(moduleUrl)) return;
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
