import type { Profile } from '@portal/contracts';
import type { Caches } from '../../caches.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/service.ts';
import type { PaymentsService } from './service.ts';

export interface ProfilesDeps {
  access: Pick<AccessService, 'getAccount'>;
  payments: Pick<PaymentsService, 'getAccountStatus' | 'statusNow'>;
  caches: Pick<Caches, 'profiles'>;
}

/**
 * A partner's profile: their account (the access module's) with their payout standing (this module's: a connected
 * payout account, a paid month running). Composed here, above both, so that access knows nothing of payouts; app.ts
 * hands it to the access routes that answer a profile.
 */
export function createProfiles({ access, payments, caches: { profiles } }: ProfilesDeps) {
  async function describe(userId: string, studioId: string) {
    const [account, status] = await Promise.all([access.getAccount(userId), payments.getAccountStatus(studioId)]);
    const profile: Profile = {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      introduce: account.introduce,
      registeredBusinessName: account.registeredBusinessName,
      registeredAddress: account.registeredAddress,
      connectedToStripe: status.connectedToStripe,
      isSubscribed: status.isSubscribed,
      role: account.role,
    };
    return { profile, changesAt: status.changesAt };
  }

  return {
    /**
     * The profile as it is now, read past the cache: what a sign-in or an update answers. Its payout standing is the
     * studio's the person acts in (their own by default).
     */
    async read(userId: string, studioId: string = userId): Promise<Profile> {
      return (await describe(userId, studioId)).profile;
    },

    /** The profile, from the cache while nothing changed it; Unauthorized once the account is gone. */
    async get(userId: string, studioId: string = userId): Promise<Profile> {
      // only a person's own studio is kept: another's standing is read each time (its changes drop its own group)
      if (studioId !== userId) return (await describe(userId, studioId)).profile;
      const hit = profiles.get(userId);
      if (hit !== undefined) {
        // a month starting or ending changes `isSubscribed` with no write to drop the entry
        if (hit.changesAt > payments.statusNow()) return hit.profile;
        profiles.deleteGroup(userId);
      }
      const found = await profiles.read(
        userId,
        () => describe(userId, userId),
        () => ({ group: userId }),
      );
      if (!found) throw new AppError('Unauthorized');
      return found.profile;
    },
  };
}

export type Profiles = ReturnType<typeof createProfiles>;
