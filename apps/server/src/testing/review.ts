import type { RegisterBody } from '@portal/contracts';
import { adminEnv, registerConnectedPartner, useSignedIn } from './partners.ts';
import { useBeforeAll } from './suite.ts';
import { type DbVariant, useTestApp } from './test-app.ts';

/**
 * A suite where the admin reviews a partner's work: the app (configured by `env` besides its admin), the admin's
 * session and a connected partner (registered with `profile`), all ready before the suite's tests.
 */
export function useAdminAndPartner(
  variant: DbVariant,
  env: Record<string, string> = {},
  profile: Partial<RegisterBody> = {},
) {
  const t = useTestApp(variant, { ...adminEnv(), ...env });
  const admin = useSignedIn(t);
  const partner = useBeforeAll(() => registerConnectedPartner(t.app, profile));
  return { t, admin, partner };
}
