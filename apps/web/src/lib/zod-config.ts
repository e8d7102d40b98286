import type { $ZodConfig } from 'zod/v4/core';

// zod compiles object parsers with `new Function` when it may, and finds out by trying: under the portal's
// Content-Security-Policy (no 'unsafe-eval') that try is a reported violation. zod takes its config from this global
// when it loads (its core says so), so the entry sets it without loading zod: only form pages need zod. Imported
// first by main.tsx, before any chunk that builds a schema can load.
const zodGlobal = globalThis as { __zod_globalConfig?: $ZodConfig };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
