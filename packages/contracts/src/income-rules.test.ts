import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EARLIEST_SALE_DAY,
  expectedPayoutDay,
  firstPurchaseNotDueBy,
  isBeforeEarliestSale,
  isDueOn,
  isPayoutDay,
  latestPayoutDayOnOrBefore,
  payoutDateOf,
  payoutDayOfMonth,
  payoutZoneDate,
  payoutZoneDayStart,
  salePayoutDay,
  shareOf,
  splitSale,
} from './income-rules.ts';

const DAY = 86_400_000;
const HONG_KONG = 8 * 3_600_000;
const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);
const daysBetween = (from: string, to: string) => (utcDate(to).getTime() - utcDate(from).getTime()) / DAY;

describe('splitSale', () => {
  const rates = { paymentPercentBasisPoints: 290, paymentFixedCents: 30, commissionBasisPoints: 2000 };

  it('splits a 4.99 USD sale at 2.9% + 0.30 and 20%', () => {
    // 2.9% of 499 = 14.471 → 14, + 30 = 44; 20% of 499 = 99.8 → 100; income 499 - 44 - 100 = 355
    expect(splitSale(499, rates)).toEqual({ paymentPlatformFeeCents: 44, platformFeeCents: 100, incomeCents: 355 });
  });

  it('rounds each share half up', () => {
    expect(shareOf(50, 1000)).toBe(5);
    expect(shareOf(5, 1000)).toBe(1);
    expect(shareOf(4, 1000)).toBe(0);
    expect(shareOf(15, 290)).toBe(0);
  });

  it('never takes more than the total: a sale below the fixed fee pays it all to the payment platform', () => {
    expect(splitSale(20, rates)).toEqual({ paymentPlatformFeeCents: 20, platformFeeCents: 0, incomeCents: 0 });
    expect(splitSale(0, rates)).toEqual({ paymentPlatformFeeCents: 0, platformFeeCents: 0, incomeCents: 0 });
  });

  it('refuses amounts that are not whole, non-negative cents', () => {
    for (const total of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => splitSale(total, rates)).toThrow(RangeError);
    }
  });

  it('keeps fees + income = total, nothing negative, for any total and any rates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (total, paymentPercentBasisPoints, paymentFixedCents, commissionBasisPoints) => {
          const split = splitSale(total, { paymentPercentBasisPoints, paymentFixedCents, commissionBasisPoints });
          expect(split.paymentPlatformFeeCents + split.platformFeeCents + split.incomeCents).toBe(total);
          for (const part of Object.values(split)) {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
          }
          // each fee is its rounded share unless the total ran out
          if (split.incomeCents > 0) {
            expect(split.paymentPlatformFeeCents).toBe(shareOf(total, paymentPercentBasisPoints) + paymentFixedCents);
            expect(split.platformFeeCents).toBe(shareOf(total, commissionBasisPoints));
          }
        },
      ),
    );
  });
});

describe('payoutDateOf', () => {
  it('pays the sales of May on 31 July, and those of December on the last day of February', () => {
    expect(payoutDateOf(new Date('2026-05-01T00:00:00+08:00'))).toBe('2026-07-31');
    expect(payoutDateOf(new Date('2026-05-31T23:59:59+08:00'))).toBe('2026-07-31');
    expect(payoutDateOf(new Date('2026-12-15T12:00:00+08:00'))).toBe('2027-02-28');
    expect(payoutDateOf(new Date('2027-12-15T12:00:00+08:00'))).toBe('2028-02-29');
    expect(payoutDateOf(new Date('2026-11-30T12:00:00+08:00'))).toBe('2027-01-31');
  });

  it('counts months in Hong Kong time: 16:00 UTC on the last day of a month is already the next month', () => {
    expect(payoutDateOf(new Date('2026-05-31T15:59:59Z'))).toBe('2026-07-31');
    expect(payoutDateOf(new Date('2026-05-31T16:00:00Z'))).toBe('2026-08-31');
  });

  it('pays every day of 2023 to 2030 on the last day of the second month after, 59 to 92 days later', () => {
    for (let day = utcDate('2023-01-01').getTime(); day < utcDate('2031-01-01').getTime(); day += DAY) {
      const hongKongDate = new Date(day).toISOString().slice(0, 10);
      // the first and the last instant of that Hong Kong day
      for (const instant of [day - HONG_KONG, day - HONG_KONG + DAY - 1]) {
        const paid = payoutDateOf(new Date(instant));
        const [year = 0, month = 0] = hongKongDate.split('-').map(Number);
        const expectedMonth = ((month - 1 + 2) % 12) + 1;
        const expectedYear = year + Math.floor((month - 1 + 2) / 12);
        expect(paid.slice(0, 7)).toBe(`${expectedYear}-${String(expectedMonth).padStart(2, '0')}`);
        // the day after the payout day is the first of a month
        expect(new Date(utcDate(paid).getTime() + DAY).toISOString().slice(8, 10)).toBe('01');
        expect(daysBetween(hongKongDate, paid)).toBeGreaterThanOrEqual(59);
        expect(daysBetween(hongKongDate, paid)).toBeLessThanOrEqual(92);
      }
    }
  });

  it('never pays before the sale and always on a month end, for any instant of any year', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
        (at) => {
          const paid = payoutDateOf(at);
          expect(paid > payoutZoneDate(at)).toBe(true);
          expect(new Date(utcDate(paid).getTime() + DAY).toISOString().slice(8, 10)).toBe('01');
        },
      ),
    );
  });
});

describe('payout days', () => {
  const everyDay = (from: string, to: string) => {
    const days: string[] = [];
    for (let day = utcDate(from); day <= utcDate(to); day = new Date(day.getTime() + DAY)) {
      days.push(day.toISOString().slice(0, 10));
    }
    return days;
  };

  it('are the last days of months, leap years included', () => {
    expect(['2024-02-29', '2023-02-28', '2026-12-31', '2026-04-30'].every(isPayoutDay)).toBe(true);
    expect(['2024-02-28', '2026-12-30', '2027-01-01', '2026-04-29'].some(isPayoutDay)).toBe(false);
  });

  it('relate every day of 2023–2030 to the payout days around it', () => {
    for (const day of everyDay('2023-01-01', '2030-12-31')) {
      const monthEnd = payoutDayOfMonth(day);
      const latest = latestPayoutDayOnOrBefore(day);
      expect(isPayoutDay(monthEnd) && monthEnd >= day && monthEnd.slice(0, 7) === day.slice(0, 7)).toBe(true);
      expect(isPayoutDay(latest) && latest <= day).toBe(true);
      expect(daysBetween(latest, day)).toBeLessThan(31);
      expect(latest === day).toBe(isPayoutDay(day));
      // every sale's payout date is a payout day
      expect(isPayoutDay(payoutDateOf(new Date(`${day}T12:00:00Z`)))).toBe(true);
    }
  });

  it('pay on P every unsettled sale whose own payout date is P or earlier, and nothing else', () => {
    const sale = (purchasedAt: string, status = 'Unsettled') => ({ status, purchasedAt: new Date(purchasedAt) });
    // May (Hong Kong time) is paid on 31 July; 1 June from 16:00 UTC on 31 May
    expect(isDueOn(sale('2026-05-31T15:59:59.999Z'), '2026-07-31')).toBe(true);
    expect(isDueOn(sale('2026-04-02T00:00:00Z'), '2026-07-31')).toBe(true);
    expect(isDueOn(sale('2026-05-31T16:00:00Z'), '2026-07-31')).toBe(false);
    for (const status of ['Settling', 'Settled', 'NonSettlement']) {
      expect(isDueOn(sale('2026-04-02T00:00:00Z', status), '2026-07-31')).toBe(false);
    }
  });

  it('find the sales due by a payout day by their purchase time alone, at every instant of 2000–2099', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-09-30T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 2000, max: 2099 }),
        fc.integer({ min: 1, max: 12 }),
        (purchasedAt, year, month) => {
          const payoutDay = payoutDayOfMonth(`${year}-${String(month).padStart(2, '0')}-01`);
          expect(purchasedAt < firstPurchaseNotDueBy(payoutDay)).toBe(payoutDateOf(purchasedAt) <= payoutDay);
        },
      ),
      { numRuns: 20_000 },
    );
    for (const day of everyDay('2023-01-01', '2030-12-31')) {
      const payoutDay = payoutDateOf(new Date(`${day}T12:00:00Z`));
      const bound = firstPurchaseNotDueBy(payoutDay);
      expect(payoutDateOf(new Date(bound.getTime() - 1)) <= payoutDay).toBe(true);
      expect(payoutDateOf(bound) > payoutDay).toBe(true);
    }
  });

  it('record a sale with its own payout day until that day’s settlement starts, then with the next one', () => {
    const may = new Date('2026-05-14T09:30:00Z');
    expect(salePayoutDay(may, null)).toBe('2026-07-31');
    expect(salePayoutDay(may, '2026-06-30')).toBe('2026-07-31');
    expect(salePayoutDay(may, '2026-07-31')).toBe('2026-08-31');
    expect(salePayoutDay(may, '2026-10-31')).toBe('2026-11-30');
  });

  it("show a sale its own payout date until that day's settlement has passed it by, then the next payout day", () => {
    expect(expectedPayoutDay('2026-07-31', null)).toBe('2026-07-31');
    expect(expectedPayoutDay('2026-07-31', '2026-06-30')).toBe('2026-07-31');
    expect(expectedPayoutDay('2026-07-31', '2026-07-31')).toBe('2026-08-31');
    expect(expectedPayoutDay('2026-05-31', '2026-12-31')).toBe('2027-01-31');
    expect(expectedPayoutDay('2024-01-31', '2024-01-31')).toBe('2024-02-29');
  });
});

describe('Hong Kong days and the earliest sale', () => {
  it('start a Hong Kong day at 16:00 UTC the day before', () => {
    expect(payoutZoneDayStart('2026-02-01').toISOString()).toBe('2026-01-31T16:00:00.000Z');
    expect(payoutZoneDayStart('2000-01-01').toISOString()).toBe('1999-12-31T16:00:00.000Z');
    expect(payoutZoneDate(payoutZoneDayStart('2024-02-29'))).toBe('2024-02-29');
    expect(payoutZoneDate(new Date(payoutZoneDayStart('2024-02-29').getTime() - 1))).toBe('2024-02-28');
  });

  it(`refuse sales before ${EARLIEST_SALE_DAY} in UTC, not before`, () => {
    expect(isBeforeEarliestSale(new Date('1999-12-31T23:59:59.999Z'))).toBe(true);
    expect(isBeforeEarliestSale(new Date('0099-05-14T09:30:00Z'))).toBe(true);
    expect(isBeforeEarliestSale(new Date('2000-01-01T00:00:00Z'))).toBe(false);
  });
});
