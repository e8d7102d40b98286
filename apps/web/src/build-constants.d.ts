/** The year the build ran (vite.config.ts): what a prerendered page shows until the browser knows today's. */
declare const __BUILD_YEAR__: number;
