import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * Users `<prefix><i>@bench.example` (i from `first` to `last`, four digits) with names, an address and a role, straight
 * into `users`; they never sign in with a password (their sessions come from `insertSessions`).
 */
export async function seedUsers(
  client: pg.Client,
  users: { prefix: string; first?: number; last: number; role: 'Partner' | 'Admin' },
): Promise<void> {
  await client.query(SEED_USERS_SQL, [users.prefix, users.first ?? 1, users.last, users.role]);
  await seedStudios(client);
}

/**
 * Each account's own studio, which it owns, as registering makes it (its id is its founder's): every signed-in route
 * acts in a studio. For accounts put straight into `users`.
 */
export async function seedStudios(client: pg.Client): Promise<void> {
  await client.query(
    `insert into studios (id, name, created_at)
     select id, trim(first_name || ' ' || last_name), created_at from users
     on conflict do nothing`,
  );
  await client.query(
    `insert into studio_members (studio_id, user_id, role, created_at)
     select id, id, 'Owner', created_at from users
     on conflict do nothing`,
  );
}

const SEED_USERS_SQL = `
insert into users (email, password_hash, first_name, last_name, introduce, registered_business_name,
                   registered_address, role, created_at, updated_at)
select format('%s%s@bench.example', $1::text, lpad(i::text, 4, '0')),
       'bench-only: this account never signs in with a password',
       (array['Avery','Jordan','Mina','Kenji','Sofia','Luca','Priya','Omar','Hana','Noah'])[1 + i % 10],
       (array['Chan','Okafor','Silva','Tanaka','Novak','Haddad','Kim','Rossi','Patel','Larsen'])[1 + (i / 10) % 10],
       'We build location-based AR games for phones and headsets.',
       format('%s %s Ltd', (array['Lumen','Harbor','Pixel','Orbit','Quartz','Maple','Nimbus','Vertex'])[1 + i % 8],
              (array['Forge','Studio','Interactive','Games','Labs','Works'])[1 + i % 6]),
       format('%s Harbour Road, Wan Chai, Hong Kong', i),
       $4::text, now() - make_interval(days => 900 - i % 900), now() - make_interval(days => 900 - i % 900)
from generate_series($2::int, $3::int) as i`;

/**
 * A live session (a day long) for each user, as a login makes them: 256 random bits, stored as their sha256. Answers
 * the bearer tokens, in the order of `userIds`.
 */
export async function insertSessions(client: pg.Client, userIds: string[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at)
     select user_id, token_hash, now() + interval '1 day' from unnest($1::uuid[], $2::text[]) as s(user_id, token_hash)`,
    [userIds, tokens.map((token) => createHash('sha256').update(token).digest('hex'))],
  );
  return tokens;
}
