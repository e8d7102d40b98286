export const seedDocuments: Array<{
  slug: string;
  file: string;
  name: string;
  description: string;
  order: number;
}> = [
  {
    slug: 'getting-started',
    file: 'getting-started.md',
    name: 'Getting started',
    description: 'From a new account to a released version: Stripe, versions, builds, testers and review.',
    order: 1,
  },
  {
    slug: 'realtime-game-api',
    file: 'realtime-game-api.md',
    name: 'Realtime game API',
    description: 'Connect multiplayer AR games to the realtime SignalR hub, with methods and examples.',
    order: 2,
  },
  {
    slug: '3d-model-guidelines',
    file: '3d-model-guidelines.md',
    name: '3D model guidelines',
    description: 'Formats, size limits, mobile AR budgets, scale, listing images and a review checklist.',
    order: 3,
  },
  {
    slug: 'vps-placement',
    file: 'vps-placement.md',
    name: 'VPS placement',
    description: 'Anchor AR content to real places with placement stages and monthly subscriptions.',
    order: 4,
  },
  {
    slug: 'ship-builds-from-ci',
    file: 'ship-builds-from-ci.md',
    name: 'Ship builds from CI with the lumora CLI',
    description: 'API keys, the lumora commands and exit codes, and a GitHub Actions job that uploads and submits.',
    order: 5,
  },
];
