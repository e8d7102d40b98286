import { errorCatalog } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { incomeRecords, payouts } from '../../db/schema/income.ts';
import { payoutAccounts, sandboxTransfers } from '../../db/schema/payments.ts';
import {
  ADMIN,
  addMember,
  adminEnv,
  as,
  connectPayoutAccount,
  createProduct,
  describeEachDatabase,
  MARKETPLACE_TOKEN,
  type Member,
  marketplaceEnv,
  readOutbox,
  registerConnectedPartner,
  releaseFirstVersion,
  reportSale,
  saleReport,
  userIdOf,
  useSignedIn,
  useTestApp,
} from '../../testing/index.ts';
import { SETTLEMENT_LOCK } from './settlement.ts';

interface Partner {
  accessToken: string;
  email: string;
  userId: string;
  itemId: string;
}

describeEachDatabase('income: settlement and payouts', (variant) => {
  const t = useTestApp(
    variant,
    // a studio's members register from one address here
    { ...marketplaceEnv, ...adminEnv(), RATE_LIMIT_CODES_PER_IP: '1000' },
    { incomeClock: () => clock },
  );
  // sales are reported up to this day; the schedule's test moves it
  let clock = new Date('2027-06-15T04:00:00Z');
  let sequence = 0;

  const admin = useSignedIn(t);

  /**
   * A partner with a released game, its payout account connected (or, with `connected: false`, disconnected again).
   */
  async function partnerWithGame(options: { connected?: boolean; restricted?: boolean } = {}): Promise<Partner> {
    const partner = await registerConnectedPartner(t.app);
    const userId = await userIdOf(t.database.db, partner.email);
    const itemId = (await createProduct(t.app, partner.accessToken)).id;
    await releaseFirstVersion(t.app, { partner: partner.accessToken, admin: admin.accessToken }, 'Product', itemId);
    if (options.restricted) await connectPayoutAccount(t.app, partner.accessToken, { restricted: true });
    if (options.connected === false)
      await t.database.db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
    return { accessToken: partner.accessToken, email: partner.email, userId, itemId };
  }

  async function sell(partner: Partner, purchasedAt: string, totalPrice: number) {
    sequence += 1;
    const transactionId = `settle_${variant}_${sequence}`;
    return reportSale(t.app, MARKETPLACE_TOKEN, saleReport(partner.itemId, { transactionId, purchasedAt, totalPrice }));
  }

  const recordsOf = (partner: Partner) =>
    t.database.db.select().from(incomeRecords).where(eq(incomeRecords.ownerId, partner.userId));
  const payoutsOf = (partner: Partner) =>
    t.database.db.select().from(payouts).where(eq(payouts.partnerId, partner.userId));
  const transfersTo = async (partner: Partner) => {
    const rows = await payoutsOf(partner);
    const all = await t.database.db.select().from(sandboxTransfers);
    return all.filter((transfer) => rows.some((row) => row.id === transfer.transferGroup));
  };
  const settle = (payoutDate: string) => t.app.services.income.settlement.settle(payoutDate, 'Admin');

  describe('a payout day', () => {
    let paid: Partner;
    let waiting: Partner;
    let dueIncome: number;
    let team: { finance: Member; developer: Member; mutedFinance: Member };

    beforeAll(async () => {
      paid = await partnerWithGame();
      team = {
        finance: await addMember(t.app, paid, 'Finance'),
        developer: await addMember(t.app, paid, 'Developer'),
        mutedFinance: await addMember(t.app, paid, 'Finance'),
      };
      await team.mutedFinance.caller.put('/api/Team/Mail', { muted: ['payouts'] });
      waiting = await partnerWithGame({ connected: false });
      // May and June sales are due by 31 August (June's on that very day); July's on 30 September
      const due = [
        await sell(paid, '2026-05-02T10:00:00Z', 499),
        await sell(paid, '2026-06-30T15:59:59Z', 1999),
        await sell(paid, '2026-06-10T08:00:00Z', 99),
      ];
      await sell(paid, '2026-06-30T16:00:00Z', 2999);
      await sell(waiting, '2026-05-20T10:00:00Z', 499);
      await sell(waiting, '2026-06-01T10:00:00Z', 499);
      dueIncome = due.reduce((sum, sale) => sum + sale.income, 0);
      expect(due.map((sale) => sale.payoutDate)).toEqual(['2026-07-31', '2026-08-31', '2026-08-31']);
    });

    it('pays each partner with an account its due income in one transfer, and settles those sales', async () => {
      const unsettled = async () =>
        (
          (await as(t.app, paid.accessToken).get('/api/User/Income/Query?Status=Unsettled')).json() as {
            totalCount: number;
          }
        ).totalCount;
      expect(await unsettled()).toBe(4);
      const run = await settle('2026-08-31');
      expect(await unsettled()).toBe(1);
      expect(run).toMatchObject({ payoutDate: '2026-08-31', paidCount: 1, failedCount: 0, waitingCount: 1 });
      const [payout] = await payoutsOf(paid);
      expect(payout).toMatchObject({ status: 'Sent', amountCents: dueIncome, salesCount: 3, payoutDate: '2026-08-31' });
      const transfers = await transfersTo(paid);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]?.amountCents).toBe(dueIncome);
      const records = await recordsOf(paid);
      expect(records.filter((row) => row.status === 'Settled')).toHaveLength(3);
      expect(records.filter((row) => row.status === 'Settled').every((row) => row.settledAt !== null)).toBe(true);
      // the sale of 1 July (Hong Kong time) is paid on 30 September
      expect(records.filter((row) => row.status === 'Unsettled').map((row) => row.payoutDate)).toEqual(['2026-09-30']);
    });

    it('tells the partner the amount, the day and the number of sales', async () => {
      const mail = (await readOutbox(t.app)).find((entry) => entry.to === paid.email && /payout/i.test(entry.subject));
      expect(mail?.subject).toBe(`Your payout of ${(dueIncome / 100).toFixed(2)} USD is on its way`);
      expect(mail?.text).toContain('On 2026-08-31 we transferred');
      expect(mail?.text).toContain('the income of 3 sales');
    });

    it("mails the studio's owner and Finance members, not its developers nor who muted payouts", async () => {
      const told = (await readOutbox(t.app))
        .filter((entry) => /is on its way/.test(entry.subject))
        .map((entry) => entry.to);
      expect(told).toContain(paid.email);
      expect(told).toContain(team.finance.email);
      expect(told).not.toContain(team.developer.email);
      expect(told).not.toContain(team.mutedFinance.email);
    });

    it('keeps a partner without a payout account accruing', async () => {
      expect(await payoutsOf(waiting)).toEqual([]);
      expect((await recordsOf(waiting)).every((row) => row.status === 'Unsettled')).toBe(true);
      const calendar = (await as(t.app, waiting.accessToken).get('/api/User/Income/Payouts')).json() as {
        upcoming: Array<{ payoutDate: string; salesCount: number; waitsOnPayoutAccount: boolean }>;
        payoutAccountConnected: boolean;
      };
      // the 31 August settlement passed them by: they go out on the next payout day after the partner connects
      expect(calendar).toMatchObject({
        payoutAccountConnected: false,
        upcoming: [{ payoutDate: '2026-09-30', salesCount: 2, waitsOnPayoutAccount: true }],
      });
      // each sale says the same day as the calendar
      const records = (await as(t.app, waiting.accessToken).get('/api/User/Income/Query')).json() as {
        data: Array<{ payoutDate: string; status: string }>;
      };
      expect(records.data.map((record) => [record.status, record.payoutDate])).toEqual([
        ['Unsettled', '2026-09-30'],
        ['Unsettled', '2026-09-30'],
      ]);
      const balances = (
        await as(t.app, admin.accessToken).get(`/api/Admin/Income/Balances?Email=${encodeURIComponent(waiting.email)}`)
      ).json() as { data: Array<{ nextPayoutDate: string; payoutAccountConnected: boolean }> };
      expect(balances.data).toEqual([
        expect.objectContaining({ nextPayoutDate: '2026-09-30', payoutAccountConnected: false }),
      ]);
    });

    it('pays nothing twice when the same payout day is settled again', async () => {
      const again = await settle('2026-08-31');
      expect(again).toMatchObject({ paidCount: 0, failedCount: 0, waitingCount: 1, totalCents: 0 });
      expect(await transfersTo(paid)).toHaveLength(1);
      expect(await payoutsOf(paid)).toHaveLength(1);
    });

    it('pays a partner who connects later everything it accrued, on the next payout day', async () => {
      await connectPayoutAccount(t.app, waiting.accessToken);
      const run = await settle('2026-09-30');
      expect(run.paidCount).toBeGreaterThanOrEqual(2);
      const [payout] = await payoutsOf(waiting);
      expect(payout).toMatchObject({ status: 'Sent', salesCount: 2, payoutDate: '2026-09-30' });
      const records = (await as(t.app, waiting.accessToken).get('/api/User/Income/Query')).json() as {
        data: Array<{ payoutDate: string; status: string }>;
      };
      // due on 31 July and 31 August, paid with the partner's first payout
      expect(records.data.map((record) => [record.status, record.payoutDate])).toEqual([
        ['Settled', '2026-09-30'],
        ['Settled', '2026-09-30'],
      ]);
      expect((await recordsOf(waiting)).every((row) => row.status === 'Settled')).toBe(true);
      expect(await transfersTo(paid)).toHaveLength(2);
    });

    it("shows the partner's payouts and what each month earned", async () => {
      const calendar = (await as(t.app, paid.accessToken).get('/api/User/Income/Payouts')).json() as {
        recent: Array<{ payoutDate: string; status: string; salesCount: number }>;
        upcoming: unknown[];
      };
      expect(calendar.recent.map((entry) => [entry.payoutDate, entry.status, entry.salesCount])).toEqual([
        ['2026-09-30', 'Sent', 1],
        ['2026-08-31', 'Sent', 3],
      ]);
      expect(calendar.upcoming).toEqual([]);
      const summary = (await as(t.app, paid.accessToken).get('/api/User/Income/Summary')).json() as {
        months: Array<{ month: string; paid: number; pending: number }>;
        waitingTotal: number;
        paidTotal: number;
        hasSales: boolean;
      };
      expect(summary.hasSales).toBe(true);
      expect(summary.waitingTotal).toBe(0);
      expect(summary.months).toHaveLength(12);
      expect(summary.months.at(-1)?.month).toBe('2027-06');
      expect(summary.months[0]?.month).toBe('2026-07');
      // May and June 2026 are before the twelve months charted; July's sale was paid on 30 September
      const july = summary.months.find((month) => month.month === '2026-07');
      expect(Math.round((july?.paid ?? 0) * 100)).toBe(Math.round(summary.paidTotal * 100) - dueIncome);
    });
  });

  describe('a refused transfer', () => {
    let restricted: Partner;
    let payoutId: string;
    let restrictedTeam: { finance: Member; developer: Member };
    const failureMails = async () =>
      (await readOutbox(t.app)).filter((entry) => /could not be sent/.test(entry.subject));

    beforeAll(async () => {
      restricted = await partnerWithGame({ restricted: true });
      restrictedTeam = {
        finance: await addMember(t.app, restricted, 'Finance'),
        developer: await addMember(t.app, restricted, 'Developer'),
      };
      await sell(restricted, '2026-10-03T10:00:00Z', 1499);
      await sell(restricted, '2026-10-04T10:00:00Z', 1499);
    });

    it('leaves the sales Settling and the payout Failed, with the reason, for the admins', async () => {
      const run = await settle('2026-12-31');
      expect(run.failedCount).toBe(1);
      expect((await recordsOf(restricted)).every((row) => row.status === 'Settling')).toBe(true);
      const failed = (await as(t.app, admin.accessToken).get('/api/Admin/Settlement/Payouts?Status=Failed')).json() as {
        data: Array<{ id: string; partnerEmail: string; failureReason: string; attempts: number }>;
      };
      const mine = failed.data.find((payout) => payout.partnerEmail === restricted.email);
      expect(mine?.failureReason).toMatch(/cannot receive transfers/);
      expect(mine?.attempts).toBe(1);
      payoutId = mine?.id ?? '';
      expect(await transfersTo(restricted)).toEqual([]);
    });

    it("tells the studio's owner and Finance members why, with the amount, once", async () => {
      const mails = await failureMails();
      expect(mails.map((mail) => mail.to).sort()).toEqual([restricted.email, restrictedTeam.finance.email].sort());
      const [payout] = await payoutsOf(restricted);
      const amount = `${((payout?.amountCents ?? 0) / 100).toFixed(2)} USD`;
      expect(payout?.amountCents).toBeGreaterThan(0);
      expect(mails[0]?.subject).toBe(`Your payout of ${amount} could not be sent`);
      expect(mails[0]?.text).toContain(`On 2026-12-31 we could not transfer ${amount}`);
      expect(mails[0]?.text).toMatch(/cannot receive transfers/);
    });

    it('keeps its sales from being voided: no money moved, but the payout will be retried with them', async () => {
      const [sale] = await recordsOf(restricted);
      const refused = await as(t.app, MARKETPLACE_TOKEN).post(
        `/api/internal/Sales/${encodeURIComponent(sale?.transactionId ?? '')}/Void`,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ errorCode: 'SaleInPayout', message: errorCatalog.SaleInPayout.message });
      expect(refused.body).not.toContain('already paid out');
      expect((await recordsOf(restricted)).map((row) => row.status)).toEqual(['Settling', 'Settling']);
    });

    it('retries it on the next run, and to the account the partner connects instead', async () => {
      await settle('2026-12-31');
      const [stillFailed] = await payoutsOf(restricted);
      expect(stillFailed).toMatchObject({ status: 'Failed', attempts: 2 });
      // failing again tells no one again
      expect(await failureMails()).toHaveLength(2);
      await connectPayoutAccount(t.app, restricted.accessToken);
      const retried = await as(t.app, admin.accessToken).post(`/api/Admin/Settlement/Payouts/${payoutId}/Retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'Sent', attempts: 3, failureReason: null, salesCount: 2 });
      expect(await transfersTo(restricted)).toHaveLength(1);
      expect((await recordsOf(restricted)).every((row) => row.status === 'Settled')).toBe(true);
    });

    it('refuses to retry a payout that did not fail, or that does not exist', async () => {
      const sent = await as(t.app, admin.accessToken).post(`/api/Admin/Settlement/Payouts/${payoutId}/Retry`);
      expect(sent.statusCode).toBe(409);
      expect(sent.json()).toMatchObject({ errorCode: 'PayoutNotFailed' });
      const unknown = await as(t.app, admin.accessToken).post(
        `/api/Admin/Settlement/Payouts/${crypto.randomUUID()}/Retry`,
      );
      expect(unknown.json()).toMatchObject({ errorCode: 'PayoutNotFound' });
      expect(
        (await as(t.app, admin.accessToken).post('/api/Admin/Settlement/Payouts/not-a-uuid/Retry')).statusCode,
      ).toBe(400);
      expect(
        (await as(t.app, restricted.accessToken).post(`/api/Admin/Settlement/Payouts/${payoutId}/Retry`)).statusCode,
      ).toBe(403);
    });
  });

  describe('runs', () => {
    it('lets one run at a time settle; the other is told, and nothing is paid twice', async () => {
      const partner = await partnerWithGame();
      await sell(partner, '2026-11-03T10:00:00Z', 999);
      // a run under way elsewhere (another request, another node) holds the lock
      const release = await t.database.tryLock(SETTLEMENT_LOCK);
      expect(release).toBeDefined();
      try {
        await expect(settle('2027-01-31')).rejects.toMatchObject({ errorCode: 'SettlementRunning' });
      } finally {
        await release?.();
      }
      const outcomes = await Promise.allSettled([settle('2027-01-31'), settle('2027-01-31')]);
      expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ errorCode: 'SettlementRunning' });
      }
      expect(await transfersTo(partner)).toHaveLength(1);
    });

    it('settles the latest payout day on schedule once, then finds nothing to do', async () => {
      const partner = await partnerWithGame();
      await sell(partner, '2026-12-05T10:00:00Z', 999);
      clock = new Date('2027-02-28T16:30:00Z'); // 1 March in Hong Kong: the latest payout day is 28 February
      const run = await t.app.services.income.settlement.runScheduled();
      expect(run?.payoutDate).toBe('2027-02-28');
      expect(await transfersTo(partner)).toHaveLength(1);
      expect(await t.app.services.income.settlement.runScheduled()).toBeUndefined();
    });

    it('lists the runs for the admins, newest first, and runs one on demand', async () => {
      const now = await as(t.app, admin.accessToken).post('/api/Admin/Settlement/Run');
      expect(now.statusCode, now.body).toBe(200);
      expect(now.json()).toMatchObject({ payoutDate: '2027-02-28', trigger: 'Admin', paidCount: 0 });
      const runs = (await as(t.app, admin.accessToken).get('/api/Admin/Settlement/Runs?PageSize=2')).json() as {
        data: Array<{ trigger: string; finishedAt: string | null }>;
        totalCount: number;
      };
      expect(runs.data).toHaveLength(2);
      expect(runs.data[0]?.trigger).toBe('Admin');
      expect(runs.data.every((run) => run.finishedAt !== null)).toBe(true);
      expect(runs.totalCount).toBeGreaterThanOrEqual(7);
      expect(
        (await as(t.app, (await partnerWithGame()).accessToken).post('/api/Admin/Settlement/Run')).statusCode,
      ).toBe(403);
    });
  });

  describe('commission rates', () => {
    it("splits a partner's sales at its own rate once an admin sets one, and at the default again after", async () => {
      const partner = await partnerWithGame();
      const set = await as(t.app, admin.accessToken).put(`/api/Admin/Income/Commission/${partner.userId}`, {
        commissionPercent: 12.5,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ commissionPercent: 12.5, isDefaultRate: false, email: partner.email });
      const own = await sell(partner, '2027-01-05T10:00:00Z', 1000);
      // 2.9% + 0.30 = 59 cents; 12.5% = 125 cents; income 816
      expect(own.income).toBe(816);
      await as(t.app, admin.accessToken).put(`/api/Admin/Income/Commission/${partner.userId}`, {
        commissionPercent: null,
      });
      const standard = await sell(partner, '2027-01-06T10:00:00Z', 1000);
      expect(standard.income).toBe(741);
      const balances = (
        await as(t.app, admin.accessToken).get(`/api/Admin/Income/Balances?Email=${encodeURIComponent(partner.email)}`)
      ).json() as {
        data: Array<{ commissionPercent: number; isDefaultRate: boolean; unsettled: number }>;
      };
      expect(balances.data).toEqual([
        expect.objectContaining({ commissionPercent: 20, isDefaultRate: true, unsettled: 15.57 }),
      ]);
    });

    it('refuses a rate out of range, with more than two decimals, for nobody, or from a partner', async () => {
      const partner = await partnerWithGame();
      const url = `/api/Admin/Income/Commission/${partner.userId}`;
      for (const commissionPercent of [-1, 100.01, 12.345, '12']) {
        const response = await as(t.app, admin.accessToken).put(url, { commissionPercent });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ errorCode: 'ValidationFailed' });
      }
      const nobody = await as(t.app, admin.accessToken).put(`/api/Admin/Income/Commission/${crypto.randomUUID()}`, {
        commissionPercent: 10,
      });
      expect(nobody.json()).toMatchObject({ errorCode: 'PartnerNotFound' });
      // admins are not partners: they have no balance and no rate
      const adminId = await userIdOf(t.database.db, ADMIN.email);
      const adminsRate = await as(t.app, admin.accessToken).put(`/api/Admin/Income/Commission/${adminId}`, {
        commissionPercent: 1,
      });
      expect(adminsRate.json()).toMatchObject({ errorCode: 'PartnerNotFound' });
      const found = await as(t.app, admin.accessToken).get(
        `/api/Admin/Income/Balances?Email=${encodeURIComponent(ADMIN.email)}`,
      );
      expect(found.json()).toEqual({ data: [], totalCount: 0 });
      expect((await as(t.app, partner.accessToken).put(url, { commissionPercent: 0 })).statusCode).toBe(403);
      const balances = (
        await as(t.app, admin.accessToken).get(`/api/Admin/Income/Balances?Email=${encodeURIComponent(partner.email)}`)
      ).json() as {
        data: Array<{ isDefaultRate: boolean }>;
      };
      expect(balances.data[0]?.isDefaultRate).toBe(true);
    });

    it('lists balances most owed first', async () => {
      const page = (await as(t.app, admin.accessToken).get('/api/Admin/Income/Balances?PageSize=100')).json() as {
        data: Array<{ unsettled: number; settling: number }>;
        totalCount: number;
      };
      const owed = page.data.map((row) => row.unsettled + row.settling);
      expect(owed).toEqual([...owed].sort((a, b) => b - a));
      expect(page.totalCount).toBe(page.data.length);
    });
  });

  describe('a late sale', () => {
    it('is paid on the next open payout day, and says so alike in its record, the list, the CSV and the calendar', async () => {
      const partner = await partnerWithGame();
      await settle('2027-02-28');
      // bought in December 2026, due on 28 February 2027: reported after that day was settled
      const late = await sell(partner, '2026-12-10T10:00:00Z', 1999);
      expect(late.payoutDate).toBe('2027-03-31');
      const [row] = await recordsOf(partner);
      expect(row?.payoutDate).toBe('2027-03-31');
      const listed = (await as(t.app, partner.accessToken).get('/api/User/Income/Query')).json() as {
        data: Array<{ payment: { transactionId: string }; payoutDate: string }>;
      };
      expect(listed.data.map((record) => [record.payment.transactionId, record.payoutDate])).toEqual([
        [late.transactionId, '2027-03-31'],
      ]);
      const csv = (await as(t.app, partner.accessToken).get('/api/User/Income/Export.csv')).body;
      const [header, line] = csv.split('\r\n');
      const column = header?.split(',').indexOf('Payout date') ?? -1;
      expect(line?.split(',')[column]).toBe('2027-03-31');
      const calendar = (await as(t.app, partner.accessToken).get('/api/User/Income/Payouts')).json() as {
        upcoming: Array<{ payoutDate: string; salesCount: number }>;
      };
      expect(calendar.upcoming).toEqual([expect.objectContaining({ payoutDate: '2027-03-31', salesCount: 1 })]);
      const balances = (
        await as(t.app, admin.accessToken).get(`/api/Admin/Income/Balances?Email=${encodeURIComponent(partner.email)}`)
      ).json() as { data: Array<{ nextPayoutDate: string }> };
      expect(balances.data).toEqual([expect.objectContaining({ nextPayoutDate: '2027-03-31' })]);
      // a replay answers the record as it was made
      const replay = await as(t.app, MARKETPLACE_TOKEN).post(
        '/api/internal/Sales',
        saleReport(partner.itemId, {
          transactionId: late.transactionId,
          purchasedAt: '2026-12-10T10:00:00Z',
          totalPrice: 1999,
        }),
      );
      expect(replay.json()).toEqual(late);
      // and that day's settlement pays it
      await settle('2027-03-31');
      const [payout] = await payoutsOf(partner);
      expect(payout).toMatchObject({ status: 'Sent', payoutDate: '2027-03-31', salesCount: 1 });
    });

    it('is paid sooner when an admin settles its own day again, and then says that day everywhere', async () => {
      const partner = await partnerWithGame();
      // 31 March 2027 was settled by the test above: a sale of December is recorded for 30 April
      const late = await sell(partner, '2026-12-11T10:00:00Z', 2999);
      expect(late.payoutDate).toBe('2027-04-30');
      await settle('2027-03-31');
      const [payout] = await payoutsOf(partner);
      expect(payout).toMatchObject({ status: 'Sent', payoutDate: '2027-03-31', salesCount: 1 });
      const [row] = await recordsOf(partner);
      expect(row).toMatchObject({ status: 'Settled', payoutDate: '2027-03-31' });
      const listed = (await as(t.app, partner.accessToken).get('/api/User/Income/Query')).json() as {
        data: Array<{ payoutDate: string; status: string }>;
      };
      expect(listed.data).toEqual([expect.objectContaining({ status: 'Settled', payoutDate: '2027-03-31' })]);
      const replay = await as(t.app, MARKETPLACE_TOKEN).post(
        '/api/internal/Sales',
        saleReport(partner.itemId, {
          transactionId: late.transactionId,
          purchasedAt: '2026-12-11T10:00:00Z',
          totalPrice: 2999,
        }),
      );
      expect(replay.json()).toMatchObject({ status: 'Settled', payoutDate: '2027-03-31' });
    });
  });
});
