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
  createProduct,
  createScratchDatabase,
  MARKETPLACE_TOKEN,
  registerConnectedPartner,
  reportSale,
  saleReport,
  spawnTsx,
  testConfig,
  userIdOf,
} from '../../testing/index.ts';
import type { SettlementStep } from './settlement.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const PAYOUT_DATE = '2026-10-31';
const child = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../testing/settlement-child.ts');

/** Runs a settlement in another process; answers how it ended. */
function settleInAnotherProcess(databaseUrl: string, stop?: { at: SettlementStep; after: number }) {
  const run = spawnTsx(child, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PAYOUT_DATE,
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

    beforeAll(async () => {
      database = await createScratchDatabase();
      databaseUrl = database.url;
      app = await buildApp(testConfig({ DATABASE_URL: databaseUrl, MARKETPLACE_TOKEN, PAYMENTS: 'sandbox' }), {
        logger: false,
      });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.drop();
    });

    /** Three partners with a game and two sales each, due on the payout day. */
    async function partnersWithDueSales(): Promise<string[]> {
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const partner = await registerConnectedPartner(app);
        const game = await createProduct(app, partner.accessToken);
        for (const [day, totalPrice] of [
          ['2026-07-10', 499 + index],
          ['2026-08-20', 1999],
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

    for (const step of ['payout-created', 'transfer-made', 'payout-sent', 'partner-mailed'] as const) {
      it(`pays each partner exactly once when the run dies after "${step}" of its second payout`, async () => {
        const partners = await partnersWithDueSales();
        const killed = await settleInAnotherProcess(databaseUrl, { at: step, after: 2 });
        expect(killed.signal, killed.output).toBe('SIGKILL');
        const finished = await settleInAnotherProcess(databaseUrl);
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
      }, 60_000);
    }
  },
);
