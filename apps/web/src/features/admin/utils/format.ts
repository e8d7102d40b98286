/** An instant in the reader's time zone: "12 Jun 2025, 14:03"; a dash when there is none. */
export const formatDateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A commission rate: "20%", "12.5%". */
export const formatPercent = (percent: number) => `${percent}%`;
