import type { AssignableStudioRole } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import * as repo from './repository.ts';
import * as team from './team-repository.ts';

/** The demo partner `npm start` prints. */
export const DEMO_PARTNER = {
  email: 'demo@lumora.example',
  password: 'Demo1234',
  firstName: 'Avery',
  lastName: 'Chan',
  registeredBusinessName: 'Lumen Forge Studio Ltd',
  registeredAddress: '18 Harbour Road, Wan Chai, Hong Kong',
  introduce: 'A small studio making location-based AR puzzle games.',
} as const;

export async function seedDemoPartner(db: Db): Promise<{ id: string }> {
  const existing = await repo.selectUserByEmail(db, DEMO_PARTNER.email);
  if (existing) return existing;
  const { password, ...profile } = DEMO_PARTNER;
  return repo.insertUser(db, { ...profile, passwordHash: await hashPassword(password) });
}

/** The demo admin `npm start` prints, for the review console. */
export const DEMO_ADMIN = { email: 'admin@lumora.example', password: 'Admin1234' } as const;

/**
 * Makes `email` an admin: promotes an existing account, or creates one with `password`.
 * Used for ADMIN_EMAIL / ADMIN_PASSWORD and for the demo admin.
 */
export async function ensureAdmin(db: Db, email: string, password: string | undefined): Promise<void> {
  const existing = await repo.selectUserByEmail(db, email);
  if (existing) {
    if (existing.role !== 'Admin') await repo.updateUser(db, existing.id, { role: 'Admin' });
    return;
  }
  if (!password) throw new Error(`ADMIN_PASSWORD is needed to create the admin account ${email}`);
  await repo.insertUser(db, {
    email: email.toLowerCase(),
    passwordHash: await hashPassword(password),
    firstName: 'Review',
    lastName: 'Team',
    registeredBusinessName: 'Lumora Limited',
    registeredAddress: 'Hong Kong',
    role: 'Admin',
  });
}

/** The demo tester `npm start` prints: an account without a payout account, on the demo partner's whitelist. */
export const DEMO_TESTER = {
  email: 'tester@lumora.example',
  password: 'Tester1234',
  firstName: 'Jun',
  lastName: 'Ito',
  registeredBusinessName: '',
  registeredAddress: '3 Cotton Tree Drive, Central, Hong Kong',
  introduce: 'Plays every AR game twice.',
} as const;

export async function seedDemoTester(db: Db): Promise<{ id: string }> {
  const existing = await repo.selectUserByEmail(db, DEMO_TESTER.email);
  if (existing) return existing;
  const { password, ...profile } = DEMO_TESTER;
  return repo.insertUser(db, { ...profile, passwordHash: await hashPassword(password) });
}

/** The demo studio's team `npm start` prints: one member of each role besides its owner, the demo partner. */
export const DEMO_TEAM_PASSWORD = 'Team1234';
export const DEMO_TEAM = [
  { role: 'Admin', email: 'studio-admin@lumora.example', firstName: 'Mina', lastName: 'Park' },
  { role: 'Finance', email: 'finance@lumora.example', firstName: 'Omar', lastName: 'Haddad' },
  { role: 'Developer', email: 'developer@lumora.example', firstName: 'Lena', lastName: 'Vogel' },
  { role: 'Marketing', email: 'marketing@lumora.example', firstName: 'Tariq', lastName: 'Ng' },
] as const satisfies ReadonlyArray<{ role: AssignableStudioRole; email: string; firstName: string; lastName: string }>;

export async function seedDemoTeam(db: Db, studioId: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_TEAM_PASSWORD);
  for (const member of DEMO_TEAM) {
    const user =
      (await repo.selectUserByEmail(db, member.email)) ??
      (await repo.insertUser(db, {
        email: member.email,
        passwordHash,
        firstName: member.firstName,
        lastName: member.lastName,
        registeredAddress: 'Hong Kong',
      }));
    if (!(await team.selectRole(db, studioId, user.id))) {
      await team.insertMember(db, studioId, user.id, member.role, new Date());
    }
  }
}
