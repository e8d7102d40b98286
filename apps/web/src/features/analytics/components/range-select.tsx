import { useId } from 'react';
import { RANGES, type RangeDays } from '../utils/ranges.ts';

/** The days the figures cover: the last 7, 28, 90 or 365. */
export function RangeSelect({ days, onChange }: { days: RangeDays; onChange: (days: string) => void }) {
  const id = useId();
  return (
    <span className="analytics-control">
      <label htmlFor={id}>Days</label>
      <select id={id} className="input" value={days} onChange={(event) => onChange(event.target.value)}>
        {RANGES.map((option) => (
          <option key={option} value={option}>
            Last {option} days
          </option>
        ))}
      </select>
    </span>
  );
}
