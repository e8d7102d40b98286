// The agreements' kinds and titles, in a module without zod: the Login page names them before any schema loads.
// Exported with the rest through content.ts.

export const staticTextTypes = ['MarketplaceAgreement', 'MarketplaceTermsOfUse', 'DeveloperAgreement'] as const;
export type StaticTextType = (typeof staticTextTypes)[number];
export const staticTextTitles: Record<StaticTextType, string> = {
  MarketplaceAgreement: 'Marketplace Agreement',
  MarketplaceTermsOfUse: 'Marketplace Terms of Use',
  DeveloperAgreement: 'Developer Agreement',
};
