import { payoutZoneDate, payoutZoneDayStart } from '@portal/contracts';

const HOUR_MS = 3_600_000;

/** The Hong Kong day (income's and analytics' days) `offset` days from today: 0 today, -1 yesterday. */
export const dayOf = (offset: number): string => payoutZoneDate(new Date(Date.now() + offset * 24 * HOUR_MS));

/** Noon of a Hong Kong day: a moment well inside it. */
export const noonOf = (day: string): Date => new Date(payoutZoneDayStart(day).getTime() + 12 * HOUR_MS);
