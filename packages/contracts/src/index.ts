export * from './access.ts';
export * from './analytics.ts';
export * from './api-keys.ts';
export * from './build-budgets.ts';
export * from './catalog.ts';
export * from './common.ts';
export * from './content.ts';
export * from './display-corrections.ts';
export * from './errors.ts';
export * from './files.ts';
export * from './game-rules.ts';
export * from './gaming.ts';
export * from './income.ts';
export * from './income-rules.ts';
export {
  type CatalogItemType,
  catalogItemTypeOf,
  catalogItemTypes,
  isCatalogItemType,
  itemTypeLabels,
} from './item-types.ts';
export { paymentMessages, stagingMessages } from './messages.ts';
export * from './overview.ts';
export * from './pages.ts';
export * from './payments.ts';
export * from './refusal.ts';
export * from './review-times.ts';
export type { RuntimeConfig } from './runtime-config.ts';
export * from './stage-rules.ts';
export * from './stages.ts';
export * from './subscription-rules.ts';
export * from './subscriptions.ts';
export * from './team.ts';
export * from './testers.ts';
export * from './two-factor.ts';
export * from './validation.ts';
export * from './version-rules.ts';
export * from './versions.ts';
export * from './web-build.ts';
