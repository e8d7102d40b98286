import { randomBytes } from 'node:crypto';
import { latestPayoutDayOnOrBefore, payoutZoneDate, type UploadedFile } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { seededRandom } from '../lib/seeded-random.ts';
import { DEMO_ADMIN, DEMO_PARTNER, DEMO_TESTER } from '../modules/access/demo.ts';
import { seedDemoPlays } from '../modules/analytics/demo.ts';
import { coverImage, iconImage, latheGlb, type Palette, unityBundle } from './assets.ts';

type Review = 'draft' | 'testing' | 'submitted' | 'question' | 'rejected' | 'released' | 'released+testing';

interface DemoGame {
  kind: 'game';
  name: string;
  introduce: string;
  description: string;
  price: number;
  tokensToPlay: number;
  players: [number, number];
  tags: string[];
  palette: Palette;
  review: Review;
}

interface DemoModel {
  kind: 'model';
  name: string;
  description: string;
  price: number;
  categoryId: number;
  tags: string[];
  palette: Palette;
  shape: { profile: Array<[number, number]>; color: [number, number, number] };
  review: Review;
}

/** What the demo partner owns: an item in each state a partner meets. */
const DEMO_ITEMS: Array<DemoGame | DemoModel> = [
  {
    kind: 'game',
    name: 'Harbour Lights',
    introduce: 'Chase lantern spirits across the real harbour front.',
    description:
      'Walk the waterfront at dusk and catch the lantern spirits that drift between the piers. Each round the ' +
      'spirits hide in new places; the team that lights the most lanterns before the tide turns wins.',
    price: 2.99,
    tokensToPlay: 3,
    players: [1, 6],
    tags: ['Outdoor', 'Multiplayer', 'Night'],
    palette: { from: '#1b1450', to: '#3a2fb8', accent: '#ffcf5c' },
    review: 'released+testing',
  },
  {
    kind: 'game',
    name: 'Echo Garden',
    introduce: 'Grow a garden of sounds on your kitchen table.',
    description:
      'Plant seeds that sing back: every plant repeats the melody you hum to it, and neighbouring plants ' +
      'harmonise. Share your garden and let friends add a verse.',
    price: 0,
    tokensToPlay: 1,
    players: [1, 4],
    tags: ['Music', 'Relaxing'],
    palette: { from: '#0f5132', to: '#2fb380', accent: '#e9ffef' },
    review: 'question',
  },
  {
    kind: 'game',
    name: 'Paper Comets',
    introduce: 'Fold a comet, throw it through the living room, score.',
    description: 'A party game of paper comets and floating rings: aim, throw and chain rings for combos.',
    price: 1.99,
    tokensToPlay: 2,
    players: [2, 8],
    tags: ['Party', 'Casual'],
    palette: { from: '#7a2e0e', to: '#f07828', accent: '#fff3e0' },
    review: 'draft',
  },
  {
    kind: 'model',
    name: 'Tide Glass Vase',
    description: 'A hand-modelled glass vase in sea green, real-world scale (32 cm), ready for table placement.',
    price: 4.5,
    categoryId: 8,
    tags: ['Decor', 'Glass'],
    palette: { from: '#0b4f6c', to: '#20bfb0', accent: '#d8fff9' },
    shape: {
      profile: [
        [0.001, 0],
        [0.07, 0],
        [0.1, 0.06],
        [0.11, 0.14],
        [0.08, 0.24],
        [0.05, 0.29],
        [0.065, 0.32],
      ],
      color: [0.2, 0.72, 0.66],
    },
    review: 'released',
  },
  {
    kind: 'model',
    name: 'Lantern Fox',
    description: 'A low-poly fox carrying a paper lantern, rigged for idle and walk.',
    price: 12.5,
    categoryId: 2,
    tags: ['Animal', 'LowPoly'],
    palette: { from: '#5b2a86', to: '#e0607e', accent: '#ffe3b3' },
    shape: {
      profile: [
        [0.001, 0],
        [0.12, 0.02],
        [0.15, 0.12],
        [0.1, 0.3],
        [0.04, 0.36],
      ],
      color: [0.93, 0.48, 0.2],
    },
    review: 'rejected',
  },
];

class DemoSeedError extends Error {}

type DemoCall = <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => Promise<T>;

/**
 * Gives the demo partner its projects, each in a state a partner meets (released with a new version in testing,
 * waiting for an answer to the reviewers' question, a draft, a released and a rejected model), and puts the demo
 * tester on its whitelist, then three months of play analytics. Walks the partner API as a browser would, so every
 * rule holds; does nothing once the demo partner owns anything (but the play analytics of a demo seeded before them),
 * and nothing when its payout account is not connected (the rules require one).
 */
export async function seedDemoProjects(app: FastifyInstance): Promise<void> {
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    if (response.statusCode >= 300) throw new DemoSeedError(`${method} ${url} answered ${response.statusCode}`);
    return (response.body ? response.json() : undefined) as T;
  };
  const login = async (email: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/Access/Login', payload: { email, password } });
    if (response.statusCode !== 200) throw new DemoSeedError(`the demo login of ${email} failed`);
    return (response.json() as { accessToken: string }).accessToken;
  };
  const upload = async (token: string, filename: string, data: Buffer) => {
    const boundary = `----demo${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/FileUpload/Single/Query',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (response.statusCode !== 200) throw new DemoSeedError(`uploading ${filename} answered ${response.statusCode}`);
    return (response.json() as UploadedFile[])[0] as UploadedFile;
  };

  const partner = await login(DEMO_PARTNER.email, DEMO_PARTNER.password);
  const profile = await call<{ connectedToStripe: boolean }>('GET', '/api/Access/Profile', partner);
  if (!profile.connectedToStripe) return;
  const owned = await Promise.all(
    ['/api/Product', '/api/Model'].map((url) =>
      call<{ totalCount: number }>('GET', `${url}?PageIndex=1&PageSize=1`, partner),
    ),
  );
  if (owned.some((list) => list.totalCount > 0)) {
    await seedDemoAnalytics(app, partner, call);
    return;
  }
  const admin = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const released: Array<{ itemType: 'Product' | 'Model'; id: string; priceCents: number }> = [];

  for (const item of DEMO_ITEMS) {
    const slug = item.name.toLowerCase().replaceAll(' ', '-');
    const icon = await upload(partner, `${slug}-icon.png`, await iconImage(item.palette));
    const cover = await upload(partner, `${slug}-cover.jpg`, await coverImage(item.palette));
    const images = {
      iconUrl: icon.origin,
      thumbnailUrl: icon.medium ?? icon.origin,
      smallThumbnailUrl: icon.small ?? icon.origin,
      coverThumbnailUrl: cover.origin,
    };
    const area = item.kind === 'game' ? 'Product' : 'Model';
    const created =
      item.kind === 'game'
        ? await call<{ id: string }>('POST', '/api/Product', partner, {
            name: item.name,
            introduce: item.introduce,
            description: item.description,
            price: item.price,
            tokensToPlay: item.tokensToPlay,
            minNumberOfPlayers: item.players[0],
            maxNumberOfPlayers: item.players[1],
            tags: item.tags,
            ...images,
          })
        : await call<{ id: string }>('POST', '/api/Model', partner, {
            name: item.name,
            description: item.description,
            price: item.price,
            categoryId: item.categoryId,
            tags: item.tags,
            ...images,
          });
    if (item.review === 'draft') continue;

    const builds = async (version: number) => {
      if (item.kind === 'game') {
        return {
          iosAssetUrl: (await upload(partner, `${slug}-v${version}-ios.ab`, unityBundle(96 * 1024))).origin,
          androidAssetUrl: (await upload(partner, `${slug}-v${version}-android.ab`, unityBundle(88 * 1024))).origin,
        };
      }
      const glb = latheGlb(item.shape.profile, item.shape.color);
      return {
        iosAssetUrl: (await upload(partner, `${slug}-v${version}.glb`, glb)).origin,
        androidAssetUrl: (await upload(partner, `${slug}-v${version}-android.glb`, glb)).origin,
      };
    };
    const addVersion = async (version: number, updateLog: string) => {
      const added = await call<{ id: string }>('POST', `/api/${area}/Version`, partner, {
        [item.kind === 'game' ? 'productId' : 'modelId']: created.id,
        [item.kind === 'game' ? 'productVersion' : 'modelVersion']: version,
      });
      await call('PUT', `/api/${area}/Version/${added.id}`, partner, { updateLog, ...(await builds(version)) });
      return added.id;
    };

    const first = await addVersion(1, 'First release.');
    if (item.review === 'testing') continue;
    // a .glb is submitted once the reference validator has checked it
    await app.services.files.whenValidationsIdle();
    await call('PUT', `/api/${area}/Version/Submit/${created.id}/${first}`, partner);
    if (item.review === 'submitted') continue;
    await call('PUT', `/api/Admin/Review/Start/${first}`, admin);
    if (item.review === 'question') {
      await call('POST', `/api/Admin/Review/Messages/${first}`, admin, {
        message:
          'Thanks for the submission! Does the garden keep working when the microphone permission is denied? ' +
          'Please describe what a player sees in that case.',
      });
      continue;
    }
    if (item.review === 'rejected') {
      await call('PUT', `/api/Admin/Review/Reject/${first}`, admin, {
        reason: 'The model is about 35 cm tall but the description says it is a life-size fox: please fix the scale.',
      });
      continue;
    }
    await call('PUT', `/api/Admin/Review/Accept/${first}`, admin);
    released.push({ itemType: area, id: created.id, priceCents: Math.round(item.price * 100) });
    if (item.review === 'released+testing') {
      await addVersion(2, 'Night mode: lanterns glow brighter after sunset. Fixes a crash when the camera is denied.');
    }
  }

  await call('POST', '/api/WhiteList', partner, { email: DEMO_TESTER.email });
  await seedDemoSales(app, released);
  await seedDemoPlacements(app, partner, call);
  await seedDemoAnalytics(app, partner, call);
}

/**
 * About three months of plays of the demo partner's released games, reads of its released items and impressions of
 * its published stages, rolled up (the analytics module's demo), so that the Analytics pages are alive. Once: the
 * module's demo does nothing when the studio has any play analytics, so a second start adds nothing; a demo whose
 * projects were seeded before play analytics existed gets them on its next start.
 */
async function seedDemoAnalytics(app: FastifyInstance, partner: string, call: DemoCall): Promise<void> {
  const started = performance.now();
  const [games, models, stages] = await Promise.all([
    call<{ data: Array<{ id: string; status: string; maxNumberOfPlayers: number }> }>(
      'GET',
      '/api/Product?PageIndex=1&PageSize=100',
      partner,
    ),
    call<{ data: Array<{ id: string; status: string }> }>('GET', '/api/Model?PageIndex=1&PageSize=100', partner),
    call<{ data: Array<{ id: string }> }>('GET', '/api/Stage/Query?PageSize=-1&State=Published', partner),
  ]);
  const released = {
    games: games.data.filter((game) => game.status === 'Released'),
    models: models.data.filter((model) => model.status === 'Released'),
  };
  const [first] = [
    ...released.games.map((game) => ({ itemType: 'Product' as const, id: game.id })),
    ...released.models.map((model) => ({ itemType: 'Model' as const, id: model.id })),
  ];
  if (!first) return;
  // a studio's id is its owner's, which an item's summary names
  const [summary] = await app.services.catalog.summarizeItems(first.itemType, [first.id]);
  if (!summary) return;
  const played = await Promise.all(
    released.games.map(async (game) => {
      const versions = await call<{
        releaseVersion: { productVersion: number } | null;
        testingVersion: { productVersion: number } | null;
      }>('GET', `/api/Product/Versions/${game.id}`, partner);
      return {
        id: game.id,
        version: versions.releaseVersion?.productVersion ?? 1,
        testingVersion: versions.testingVersion?.productVersion ?? null,
        maxPlayers: game.maxNumberOfPlayers,
      };
    }),
  );
  const report = await seedDemoPlays(
    { db: app.db, rollUp: app.services.analytics.rollUp },
    {
      ownerId: summary.ownerId,
      games: played,
      items: [...released.games, ...released.models].map((item) => item.id),
      stages: stages.data.map((stage) => stage.id),
    },
  );
  if (report) {
    app.log.info(
      { ...report, totalMs: Math.round(performance.now() - started) },
      "seeded the demo studio's play analytics",
    );
  }
}

/**
 * A month of AR placement bought through the sandbox checkout (its Pay button, as a browser presses it), a
 * published stage by Victoria Harbour with a poster, a released 3D model and a token fountain, and a draft stage.
 */
async function seedDemoPlacements(app: FastifyInstance, partner: string, call: DemoCall): Promise<void> {
  const origin = app.config.publicUrl;
  const purchase = await call<{ url: string }>('POST', '/api/Subscription/Purchase/Stripe', partner, {
    quantity: 1,
    successUrl: `${origin}/vps?checkout=success`,
    cancelUrl: `${origin}/vps?checkout=cancelled`,
  });
  const checkout = new URL(purchase.url, origin);
  if (checkout.pathname.startsWith('/sandbox/stripe/checkout/')) {
    await app.inject({
      method: 'POST',
      url: checkout.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=pay',
    });
  }
  const boundary = `----demo${randomBytes(8).toString('hex')}`;
  const poster = await app.inject({
    method: 'POST',
    url: '/api/Stage/Media',
    headers: { authorization: `Bearer ${partner}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="harbour-poster.png"\r\n\r\n`,
      ),
      await coverImage(DEMO_ITEMS[0]?.palette ?? { from: '#241a5c', to: '#5b45e0', accent: '#f6c344' }),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (poster.statusCode !== 200) throw new DemoSeedError(`uploading the stage poster answered ${poster.statusCode}`);
  const posterId = (poster.json() as { id: string }).id;
  const models = await call<{ data: Array<{ id: string }> }>(
    'GET',
    '/api/Asset/Query?PageSize=-1&Type=Asset3D',
    partner,
  );
  const place = (x: number, z: number, y = 0) => ({ position: [x, y, z], rotation: [0, 0, 0], scale: [1, 1, 1] });
  const harbour = await call<{ id: string }>('POST', '/api/Stage', partner, {
    name: 'Promenade Lights',
    description: 'A poster wall, a paper lantern fox and a token fountain on the Tsim Sha Tsui promenade.',
    latitude: 22.29345,
    longitude: 114.16935,
    altitude: 6,
    heading: 165,
    anchorId: 'vps-anchor-tst-promenade-07',
    contents: [
      { type: 'Image', assetId: posterId, name: 'Poster wall', ...place(-2, 3, 1.5) },
      ...(models.data[0] ? [{ type: 'Asset3D', assetId: models.data[0].id, ...place(1.5, 2) }] : []),
      { type: 'Utility', utility: 'TokenFountain', name: 'Token fountain', ...place(0, -2) },
    ],
  });
  await call('POST', '/api/Stage/VerticalCarousel', partner, {
    stageId: harbour.id,
    name: 'Opening hours',
    images: [posterId, posterId],
    ...place(3, 0, 1),
  });
  const profile = await call<{ isSubscribed: boolean }>('GET', '/api/Access/Profile', partner);
  if (profile.isSubscribed) await call('PUT', `/api/Stage/Publish/${harbour.id}`, partner);
  await call('POST', '/api/Stage', partner, {
    name: 'Pop-up Market',
    description: 'Weekend market stalls with coupon dispensers.',
    latitude: 22.28198,
    longitude: 114.15876,
    anchorId: 'vps-anchor-central-market-02',
    contents: [{ type: 'Utility', utility: 'CouponDispenser', ...place(0, 1.5) }],
  });
}

const BUYERS = [
  ['Aiko Tanaka', 'aiko.tanaka'],
  ['Mateo García', 'mateo.garcia'],
  ['Priya Raman', 'priya.raman'],
  ['Jonas Weber', 'jonas.weber'],
  ['Chloé Martin', 'chloe.martin'],
  ['Kwame Mensah', 'kwame.mensah'],
  ['Lucía Fernández', 'lucia.fernandez'],
  ['Wei Zhang', 'wei.zhang'],
  ['Olivia Brown', 'olivia.brown'],
  ['Noah Kim', 'noah.kim'],
] as const;

/**
 * Six months of the demo partner's sales of its released items, busier on weekends, reported as the marketplace
 * reports them; the payout days already passed are settled, so My Project Income shows paid and pending income.
 */
async function seedDemoSales(
  app: FastifyInstance,
  items: Array<{ itemType: 'Product' | 'Model'; id: string; priceCents: number }>,
): Promise<void> {
  const paid = items.filter((item) => item.priceCents > 0);
  if (paid.length === 0) return;
  const income = app.services.income;
  const random = seededRandom(20_260_731);
  const now = Date.now();
  const DAY = 86_400_000;
  let sequence = 0;
  for (let daysAgo = 182; daysAgo >= 1; daysAgo -= 1) {
    const day = new Date(now - daysAgo * DAY);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const sales = Math.floor(random() * (weekend ? 5 : 3));
    for (let index = 0; index < sales; index += 1) {
      const item = paid[Math.floor(random() * paid.length)] ?? paid[0];
      const [fullName, handle] = BUYERS[Math.floor(random() * BUYERS.length)] ?? BUYERS[0];
      sequence += 1;
      await income.recordSale({
        transactionId: `demo_${String(sequence).padStart(5, '0')}`,
        itemType: item?.itemType ?? 'Product',
        itemId: item?.id ?? '',
        version: 1,
        buyer: { email: `${handle}@players.example`, fullName },
        purchasedAt: new Date(day.getTime() + Math.floor(random() * DAY)).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        totalPrice: item?.priceCents ?? 100,
      });
    }
  }
  // the payout days between the first sale and today, oldest first, as the daily job would have settled them
  const first = new Date(now - 182 * DAY);
  for (let month = 0; month <= 7; month += 1) {
    const payoutDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + month + 1, 0))
      .toISOString()
      .slice(0, 10);
    if (payoutDay > latestPayoutDayOnOrBefore(payoutZoneDate(new Date(now)))) break;
    await income.settlement.settle(payoutDay, 'Schedule');
  }
}
