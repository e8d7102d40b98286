/**
 * The rules of a VPS stage, in one place for the server, the web app and the tests: a stage is drafted, published
 * while a bought month covers the moment of publishing, and expires one month after publishing, when the AR app
 * stops showing it. Pure functions over instants and coordinates.
 */
import { oneMonthAfter } from './subscription-rules.ts';

export const stageStates = ['Draft', 'Published', 'Expired'] as const;
export type StageState = (typeof stageStates)[number];

/** The four kinds of content a stage places (SPEC §2, Creator's World), as the wire names them. */
export const contentTypes = ['Image', 'Video', 'Asset3D', 'Utility'] as const;
export type ContentType = (typeof contentTypes)[number];

export const contentTypeLabels: Record<ContentType, string> = {
  Image: 'Images',
  Video: 'Videos',
  Asset3D: '3D Assets',
  Utility: 'Special Utilities',
};

/** The special utilities a stage can place: what the Business Partners page offers venues. */
export const utilityKinds = ['TokenFountain', 'CouponDispenser', 'InfoBoard'] as const;
export type UtilityKind = (typeof utilityKinds)[number];

export const utilityKindLabels: Record<UtilityKind, string> = {
  TokenFountain: 'Token fountain',
  CouponDispenser: 'Coupon dispenser',
  InfoBoard: 'Information board',
};

/** How far from its anchor a stage may place content, in metres on each axis. */
export const MAX_PLACEMENT_OFFSET_M = 50;
export const MIN_SCALE = 0.01;
export const MAX_SCALE = 100;
export const MAX_CONTENTS_PER_STAGE = 50;
export const MAX_CAROUSELS_PER_STAGE = 10;
export const MAX_CAROUSEL_IMAGES = 20;
/** The widest circle the AR app may ask for, and the most stages one answer carries. */
export const MAX_NEARBY_RADIUS_M = 10_000;
export const MAX_NEARBY_RESULTS = 50;
/** Days before expiry the partner is reminded. */
export const EXPIRY_REMINDER_DAYS = 3;
export const STAGE_PAGE_SIZE = 10;

export const stageMessages = {
  saved: 'VPS created successfully',
  published: 'Stage published: it shows in the AR app until it expires.',
  deleted: 'delete successfully',
  subscribeFirst: 'Publishing needs an active placement month: buy one first.',
} as const;

/** Whether a stage in `state` may be published now: a draft, or an expired stage for a new month. */
export const canPublish = (state: StageState) => state === 'Draft' || state === 'Expired';

/** A stage published at `publishedAt` runs until one calendar month later. */
export const stageExpiry = (publishedAt: Date): Date => oneMonthAfter(publishedAt);

/** A run at `at` reminds the partners of live stages ending by this instant (three days on). */
export const reminderHorizon = (at: Date): Date => new Date(at.getTime() + EXPIRY_REMINDER_DAYS * 24 * 60 * 60 * 1000);

/** A published stage the AR app shows at `at`. */
export const isStageLive = (stage: { state: StageState; expiresAt: Date | null }, at: Date) =>
  stage.state === 'Published' && stage.expiresAt !== null && at < stage.expiresAt;

const EARTH_RADIUS_M = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The haversine of the angle between two points, given the cosines of their latitudes. */
const haversine = (aLat: number, aLng: number, bLat: number, bLng: number, cosA: number, cosB: number) =>
  Math.sin(toRadians(bLat - aLat) / 2) ** 2 + cosA * cosB * Math.sin(toRadians(bLng - aLng) / 2) ** 2;
const arcMetres = (h: number) => 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));

/** Great-circle distance in metres between two points (haversine). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return arcMetres(haversine(a.lat, a.lng, b.lat, b.lng, Math.cos(toRadians(a.lat)), Math.cos(toRadians(b.lat))));
}

/** A point's cosine of latitude, kept by whoever measures many points from one centre (`circleAround`). */
export const latitudeCosine = (lat: number) => Math.cos(toRadians(lat));

/**
 * Many points measured from one centre, in two steps: a point's haversine (which grows with its distance), cheap
 * to compare, then the distance in metres of the few that matter, exactly `distanceMetres`. Points whose
 * haversine is past `limit` are farther than `radius` (a margin keeps rounding from deciding).
 */
export function circleAround(centre: { lat: number; lng: number }, radius: number) {
  const cosCentre = latitudeCosine(centre.lat);
  return {
    haversineOf: (lat: number, lng: number, cosLat: number) =>
      haversine(centre.lat, centre.lng, lat, lng, cosCentre, cosLat),
    limit: Math.sin(Math.min(Math.PI / 2, radius / EARTH_RADIUS_M / 2)) ** 2 * (1 + 1e-9),
    metresOf: arcMetres,
  };
}

/**
 * The latitude and longitude ranges that hold every point within `radius` metres of a centre: the index narrows
 * to them, the distance decides. Near a pole the longitudes are all; across the antimeridian there are two ranges.
 */
export function boundingRanges(
  centre: { lat: number; lng: number },
  radius: number,
): { lat: [number, number]; lng: Array<[number, number]> } {
  const dLat = (radius / EARTH_RADIUS_M) * (180 / Math.PI);
  const lat: [number, number] = [Math.max(-90, centre.lat - dLat), Math.min(90, centre.lat + dLat)];
  if (lat[0] <= -90 || lat[1] >= 90) return { lat, lng: [[-180, 180]] };
  const maxAbsLat = Math.max(Math.abs(lat[0]), Math.abs(lat[1]));
  const dLng = dLat / Math.cos(toRadians(maxAbsLat));
  if (dLng >= 180) return { lat, lng: [[-180, 180]] };
  const west = centre.lng - dLng;
  const east = centre.lng + dLng;
  if (west < -180)
    return {
      lat,
      lng: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      lat,
      lng: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { lat, lng: [[west, east]] };
}
