import { type AssignableStudioRole, STUDIO_HEADER, type Studio } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { type Partner, readOutbox, registerPartner } from './partners.ts';
import { as, type Caller, type RequestOptions } from './requests.ts';

/** A partner's own studio: its id is the partner's user id; the owner's session acts in it by default. */
export async function ownStudioOf(app: FastifyInstance, partner: { accessToken: string }): Promise<Studio> {
  const response = await as(app, partner.accessToken).get('/api/Team/Studios');
  const studio = (response.json() as { data: Studio[] }).data.find((one) => one.isDefault);
  if (!studio) throw new Error(`no default studio: ${response.body}`);
  return studio;
}

/** Requests as the bearer of `token`, in the studio `studioId` (`X-Studio-Id`). */
export function inStudio(app: FastifyInstance, token: string, studioId: string): Caller {
  const caller = as(app, token);
  const withHeader = (options: RequestOptions = {}): RequestOptions => ({
    ...options,
    headers: { ...options.headers, [STUDIO_HEADER]: studioId },
  });
  return {
    send: (method, url, payload, options) => caller.send(method, url, payload, withHeader(options)),
    get: (url, options) => caller.get(url, withHeader(options)),
    post: (url, payload, options) => caller.post(url, payload, withHeader(options)),
    put: (url, payload, options) => caller.put(url, payload, withHeader(options)),
    delete: (url, payload, options) => caller.delete(url, payload, withHeader(options)),
  };
}

/** The one-time token of the newest invitation mailed to `email`. */
export async function invitationToken(app: FastifyInstance, email: string): Promise<string> {
  const mail = (await readOutbox(app)).find((one) => one.to === email.toLowerCase() && /invited you/.test(one.subject));
  const token = mail?.text.match(/[?&]token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** A member of a studio: their own account, their user id, and their requests in that studio. */
export type Member = Partner & { userId: string; studioId: string; role: AssignableStudioRole; caller: Caller };

/** Registers a new person, has `owner` invite them as `role` and has them accept: a member of the owner's studio. */
export async function addMember(
  app: FastifyInstance,
  owner: { accessToken: string },
  role: AssignableStudioRole,
): Promise<Member> {
  const studio = await ownStudioOf(app, owner);
  const person = await registerPartner(app);
  const invited = await as(app, owner.accessToken).post('/api/Team/Invitations', { email: person.email, role });
  if (invited.statusCode !== 200) throw new Error(`inviting failed: ${invited.body}`);
  const token = await invitationToken(app, person.email);
  const accepted = await as(app, person.accessToken).post('/api/Team/Invitations/Accept', { token });
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.body}`);
  const own = await ownStudioOf(app, person);
  return { ...person, userId: own.id, studioId: studio.id, role, caller: inStudio(app, person.accessToken, studio.id) };
}
