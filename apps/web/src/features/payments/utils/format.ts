import { formatInstantDay, formatTime } from '../../../lib/utc-days.ts';

export { formatAmount, formatInstantDay, formatTime } from '../../../lib/utc-days.ts';

/** An instant as a sentence says it: "3 Jun 2026, 14:05 UTC". */
export const formatInstant = (iso: string) => `${formatInstantDay(iso)}, ${formatTime(iso)} UTC`;
