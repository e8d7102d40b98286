import { createProgram } from './program.ts';

await createProgram({
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  stdin: process.stdin,
}).parseAsync(process.argv);
