import { describe, expect, it } from 'vitest';
import { can, rolePermissions, type StudioPermission, studioPermissions, studioRoles } from './team.ts';

/** The roles as the issue words them: each role's permissions, written out once more by hand. */
const AS_WORDED: Record<(typeof studioRoles)[number], StudioPermission[]> = {
  // everything, including the payout account, transferring ownership and closing the studio
  Owner: [...studioPermissions],
  // everything but the payout account and ownership; manages members
  Admin: studioPermissions.filter((permission) => permission !== 'payout' && permission !== 'ownership'),
  // income, payout calendar, exports, purchase history, placement subscriptions; reads items; no builds
  Finance: ['items.read', 'income', 'subscriptions'],
  // items, versions, builds, testers, stages, the staging console, API keys; no income
  Developer: [
    'items.read',
    'items.write',
    'listing.write',
    'versions.write',
    'builds',
    'testers',
    'stages',
    'console',
    'apiKeys',
  ],
  // store listings (names, descriptions, images, tags), reads versions; no builds, no income, no price
  Marketing: ['items.read', 'listing.write'],
};

describe('the table of studio roles', () => {
  it('gives each role what the issue says, and nothing more', () => {
    for (const role of studioRoles) {
      expect([...rolePermissions[role]].sort(), role).toEqual([...AS_WORDED[role]].sort());
    }
  });

  it('keeps the payout account and ownership to the owner, and income from builders and marketers', () => {
    const holders = (permission: StudioPermission) => studioRoles.filter((role) => can(role, permission));
    expect(holders('payout')).toEqual(['Owner']);
    expect(holders('ownership')).toEqual(['Owner']);
    expect(holders('income')).toEqual(['Owner', 'Admin', 'Finance']);
    expect(holders('builds')).toEqual(['Owner', 'Admin', 'Developer']);
    expect(holders('members')).toEqual(['Owner', 'Admin']);
    expect(holders('items.read')).toEqual([...studioRoles]);
  });
});
