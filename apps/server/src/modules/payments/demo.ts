import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

/** The demo partner starts with a sandbox payout account, so it can submit right away. */
export async function seedDemoPayoutAccount(db: Db, userId: string) {
  if (await repo.selectPayoutAccount(db, userId)) return;
  await repo.upsertPayoutAccount(db, {
    userId,
    accountId: 'acct_sandbox_demo',
    accountType: 'Standard',
    connectedAt: new Date(),
  });
}
