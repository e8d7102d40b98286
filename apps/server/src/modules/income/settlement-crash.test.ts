import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { users } from '../../db/schema/access.ts';
import { incomeRecords, payouts } from '../../db/schema/income.ts';
import { outboxMails } from '../../db/schema/outbox.ts';
import { sandboxTransfers } from '../../db/schema/payments.ts';
import {
  ADMIN,
  adminEnv,
  createProduct,
  createScratchDatabase,
  MARKETPLACE_TOKEN,
  registerConnectedPartner,
  releaseFirstVersion,
  reportSale,
  saleReport,
  signIn,
  spawnTsx,
  testConfig,
  userIdOf,
} from '../../testing/index.ts';
import type { SettlementStep } from './settlement.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const child = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../testing/settlement-child.ts');

/** Runs a settlement of a payout day in another process; answers how it ended. */
function settleInAnotherProcess(databaseUrl: string, payoutDate: string, stop?: { at: SettlementStep; after: number }) {
  const run = spawnTsx(child, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PAYOUT_DATE: payoutDate,
      ...(stop ? { STOP_AT: stop.at, STOP_AFTER: String(stop.after) } : {}),
    },
  });
  return new Promise<{ signal: NodeJS.Signals | null; code: number | null; output: string }>((resolve) => {
    run.child.on('exit', (code, signal) => resolve({ code, signal, output: run.output() }));
  });
}

describe.skipIf(!postgresUrl)(
  'income: a settlement run killed at any step (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    let app: FastifyInstance;
    let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
    let databaseUrl: string;
    let adminToken: string;

    beforeAll(async () => {
      database = await createScratchDatabase();
      databaseUrl = database.url;
      app = await buildApp(
        testConfig({ DATABASE_URL: databaseUrl, MARKETPLACE_TOKEN, PAYMENTS: 'sandbox', ...adminEnv() }),
        { logger: false },
      );
      await app.ready();
      adminToken = await signIn(app, ADMIN);
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.drop();
    });

    /**
     * Three partners with a released game and two sales each, made on `days`, due by a payout day whose settlement
     * has not started yet (a sale for a day already settled is due on the next one).
     */
    async function partnersWithDueSales(days: readonly [string, string]): Promise<string[]> {
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const partner = await registerConnectedPartner(app);
        const game = await createProduct(app, partner.accessToken);
        await releaseFirstVersion(app, { partner: partner.accessToken, admin: adminToken }, 'Product', game.id);
        for (const [day, totalPrice] of [
          [days[0], 499 + index],
          [days[1], 1999],
        ] as const) {
          await reportSale(
            app,
            MARKETPLACE_TOKEN,
            saleReport(game.id, { purchasedAt: `${day}T10:00:00Z`, totalPrice }),
          );
        }
        ids.push(await userIdOf(app.db, partner.email));
      }
      return ids;
    }

    // each step on a payout day of its own, with sales of the third and second months before it
    for (const [step, payoutDate, days] of [
      ['payout-created', '2026-10-31', ['2026-07-10', '2026-08-20']],
      ['transfer-made', '2026-11-30', ['2026-08-10', '2026-09-20']],
      ['payout-sent', '2026-12-31', ['2026-09-10', '2026-10-20']],
      ['partner-mailed', '2027-01-31', ['2026-10-10', '2026-11-20']],
    ] as const) {
      it(`pays each partner exactly once when the run dies after "${step}" of its second payout`, async () => {
        const partners = await partnersWithDueSales(days);
        const killed = await settleInAnotherProcess(databaseUrl, payoutDate, { at: step, after: 2 });
        expect(killed.signal, killed.output).toBe('SIGKILL');
        const finished = await settleInAnotherProcess(databaseUrl, payoutDate);
        expect(finished.code, finished.output).toBe(0);

        const made = await app.db.select().from(payouts).where(inArray(payouts.partnerId, partners));
        expect(made).toHaveLength(3);
        expect(made.every((payout) => payout.status === 'Sent' && payout.salesCount === 2)).toBe(true);
        const transfers = await app.db
          .select()
          .from(sandboxTransfers)
          .where(
            inArray(
              sandboxTransfers.transferGroup,
              made.map((payout) => payout.id),
            ),
          );
        expect(transfers).toHaveLength(3);
        const records = await app.db.select().from(incomeRecords).where(inArray(incomeRecords.ownerId, partners));
        expect(records.every((record) => record.status === 'Settled')).toBe(true);
        for (const payout of made) {
          const income = records
            .filter((record) => record.payoutId === payout.id)
            .reduce((sum, record) => sum + record.incomeCents, 0);
          expect(transfers.find((transfer) => transfer.transferGroup === payout.id)?.amountCents).toBe(income);
          expect(payout.amountCents).toBe(income);
          expect(payout.mailedAt).not.toBeNull();
        }
        const emails = await app.db.select({ email: users.email }).from(users).where(inArray(users.id, partners));
        const mails = await app.db
          .select()
          .from(outboxMails)
          .where(
            inArray(
              outboxMails.to,
              emails.map((row) => row.email),
            ),
          );
        // every partner is told; a run that dies between the mail and its record tells that partner twice
        for (const { email } of emails) {
          const told = mails.filter((mail) => mail.to === email && mail.subject.startsWith('Your payout'));
          expect(told.length).toBeGreaterThanOrEqual(1);
          expect(told.length).toBeLessThanOrEqual(2);
        }
        // two runs in processes of their own, each starting the server's code: slow on a busy machine
      }, 180_000);
    }
  },
);
