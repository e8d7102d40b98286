import { PAYOUT_DELAY_TEXT, PAYOUT_EXAMPLE_TEXT, reviewStatusLabels } from '@portal/contracts';

export const seedFaqs: Array<{ key: string; question: string; answer: string; order: number }> = [
  {
    key: 'what-is-the-partner-portal',
    question: 'What is the Lumora Partner Portal?',
    answer:
      'The Partner Portal is where developers, 3D artists and business partners publish AR games and 3D ' +
      'models on the Lumora marketplace. From one account you submit items for review, ship versions to ' +
      'testers and to the store, connect a Stripe payout account, follow your income and buy AR placement ' +
      'subscriptions. It also hosts the SDK documentation and a staging console for the realtime game ' +
      'server.',
    order: 1,
  },
  {
    key: 'who-can-register',
    question: 'Who can register as a partner?',
    answer:
      'Game studios, companies and independent creators can register on the Login page with a first and ' +
      'last name, a registered address and an email address confirmed by a verification code. You must ' +
      'accept the Marketplace Agreement, the Marketplace Terms of Use and the Developer Agreement. Before ' +
      'you create projects or submit versions, you also need to connect a Stripe account.',
    order: 2,
  },
  {
    key: 'how-review-works',
    question: 'How does review work, and how long does it take?',
    answer:
      'When you submit a version from the Detail page, its status moves from ' +
      `“${reviewStatusLabels.PrepareForSubmission}” to “${reviewStatusLabels.SubmitedWaitingReview}”, then ` +
      `“${reviewStatusLabels.UnderReviewing}”, and finally “${reviewStatusLabels.AcceptedAndReleased}” or ` +
      `“${reviewStatusLabels.Rejected}”. ` +
      'Reviews are typically completed within 5 business days, but this is not a guarantee. If a version ' +
      'is rejected, the reason is shown on the Detail page so you can edit the version and submit it again.',
    order: 3,
  },
  {
    key: 'are-submissions-confidential',
    question: 'Are my submissions kept confidential?',
    answer:
      'Yes. Your builds, images and descriptions are kept confidential and are used only to review, test ' +
      'and distribute your item. Submissions that are not accepted are deleted.',
    order: 4,
  },
  {
    key: 'file-formats-and-sizes',
    question: 'Which file formats and sizes are accepted?',
    answer:
      'Build files must be Unity AssetBundle (.ab) or glTF binary (.glb) files of at most 50 MB each. iOS ' +
      'and Android builds are required for every version; VisionOS and MacOS builds are optional.\nIcon ' +
      'and cover images must be JPG or PNG files of at most 5 MB, and each item can have up to 20 tags of ' +
      'at most 40 characters each.',
    order: 5,
  },
  {
    key: 'versions-and-testers',
    question: 'How do versions and testers work?',
    answer:
      'Each project or 3D model has at most one testing version and one release version, and every new ' +
      'version number must be a positive integer greater than all earlier ones. Add testers by email on ' +
      'the Manage Tester page; they must already have a Lumora account. Testers install your testing ' +
      'version through the test-distribution app.',
    order: 6,
  },
  {
    key: 'taking-a-version-down',
    question: 'Can I remove a released version from the store?',
    answer:
      'Yes. Select Take Down in the release version panel of the Detail page while the version is Accepted ' +
      'And Released and active. Lumora may also take down a version that breaches the partner agreements, ' +
      'and the reason is then shown on the Detail page. After a take-down you can add and submit a new ' +
      'version.',
    order: 7,
  },
  {
    key: 'when-am-i-paid',
    question: 'When do I get paid?',
    answer:
      `Payouts are made ${PAYOUT_DELAY_TEXT} after receipt, and only on the last day of a month: for example, ` +
      `${PAYOUT_EXAMPLE_TEXT}. Payments are initiated from Hong Kong as transfers to your ` +
      'connected Stripe account (Standard or Express). If no Stripe account is connected, your income ' +
      'keeps accruing until you connect one.',
    order: 8,
  },
  {
    key: 'fees-and-commission',
    question: 'Which fees are deducted from my sales?',
    answer:
      'Each income record on My Project Income shows the sale price, the payment platform fee charged by ' +
      'the payment provider and the platform fee, which is the Lumora commission set in your partnership ' +
      'agreement. Records move from Preparing Commission to Released Commission to Collected as they are ' +
      'settled.',
    order: 9,
  },
  {
    key: 'currency-and-refunds',
    question: 'Which currency is used, and are refunds available?',
    answer:
      'All marketplace assets are listed in US dollars, and amounts in the portal are shown in USD with ' +
      'two decimals. There are no refunds for digital assets.',
    order: 10,
  },
  {
    key: 'ar-placement-subscription',
    question: 'How long does an AR placement last?',
    answer:
      'Each AR placement (VPS stage) subscription purchase lasts one month; when it expires, the placement ' +
      'is removed automatically. The price is shown per month in USD, or as Free. The VPS placement app ' +
      'for macOS is in beta, so its features may change and placed content may be removed.',
    order: 11,
  },
  {
    key: 'contacting-the-team',
    question: 'How do I contact the Lumora partner team?',
    answer:
      'Use the Contact Us page to send your name, company, phone number, email and a description of your ' +
      'question, and the partner team will reply by email. Business partners can also send an enquiry from ' +
      'the Business Partners page.',
    order: 12,
  },
];
