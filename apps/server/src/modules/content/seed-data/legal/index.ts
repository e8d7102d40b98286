export const seedLegalTexts: Array<{
  type: 'MarketplaceAgreement' | 'MarketplaceTermsOfUse' | 'DeveloperAgreement';
  file: string;
  title: string;
}> = [
  { type: 'MarketplaceAgreement', file: 'marketplace-agreement.md', title: 'Marketplace Agreement' },
  { type: 'MarketplaceTermsOfUse', file: 'marketplace-terms-of-use.md', title: 'Marketplace Terms of Use' },
  { type: 'DeveloperAgreement', file: 'developer-agreement.md', title: 'Developer Agreement' },
];
