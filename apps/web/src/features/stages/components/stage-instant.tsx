import type { ReactNode } from 'react';
import { formatInstant } from '../../../lib/format.ts';

/** When a stage was published or expires, in the reader's zone; `none` while it has no such moment. */
export function StageInstant({ iso, none }: { iso: string | null | undefined; none: ReactNode }) {
  return iso ? <time dateTime={iso}>{formatInstant(iso)}</time> : none;
}
