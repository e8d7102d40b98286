/**
 * A settlement run in a process of its own, for the crash tests: settles `PAYOUT_DATE` on `DATABASE_URL` and prints
 * the run as JSON; with `STOP_AT=<step>` and `STOP_AFTER=<n>`, the process kills itself (SIGKILL, no cleanup) right
 * after the n-th time a payout reaches that step.
 */
import { buildApp } from '../app.ts';
import type { SettlementStep } from '../modules/income/settlement.ts';
import { testConfig } from './config.ts';

const stopAt = process.env.STOP_AT as SettlementStep | undefined;
const stopAfter = Number(process.env.STOP_AFTER ?? 1);
let reached = 0;

const app = await buildApp(testConfig({ DATABASE_URL: process.env.DATABASE_URL ?? '', PAYMENTS: 'sandbox' }), {
  logger: false,
  seams: {
    afterSettlementStep: (step) => {
      if (step !== stopAt) return;
      reached += 1;
      if (reached === stopAfter) process.kill(process.pid, 'SIGKILL');
    },
  },
});
const run = await app.services.income.settlement.settle(process.env.PAYOUT_DATE ?? '', 'Admin');
process.stdout.write(`${JSON.stringify(run)}\n`);
await app.close();
