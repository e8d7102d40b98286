/**
 * Every table, for the drizzle client and drizzle-kit. Each module's repositories import only their own file; the
 * boundaries lint (.dependency-cruiser.cjs) says so.
 */
export * from './access.ts';
export * from './analytics.ts';
export * from './audit.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './files.ts';
export * from './income.ts';
export * from './outbox.ts';
export * from './payments.ts';
export * from './stages.ts';
export * from './testers.ts';
export * from './versions.ts';
