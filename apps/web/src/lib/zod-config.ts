import { config } from 'zod';

// zod compiles object parsers with `new Function` when it may, and finds out by trying: under the portal's
// Content-Security-Policy (no 'unsafe-eval') that try is a reported violation. Imported first by main.tsx, so
// no schema runs before.
config({ jitless: true });
