import { randomUUID } from 'node:crypto';
import { STUDIO_HEADER } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { PartnerEstate } from '../estate.ts';
import { bearer } from '../requests.ts';
import type { FuzzCaller } from './run.ts';
import type { FuzzContext } from './values.ts';

const fileKey = (url: string) => new URL(url, 'http://portal').pathname.replace(/^\/files\//, '');

/** What the fuzzer may use of an estate: its ids, emails and files, so that some requests reach deep. */
export function fuzzContextOf(estate: PartnerEstate): FuzzContext {
  return {
    ids: [estate.productId, estate.productVersionId, estate.modelId, estate.modelVersionId, estate.whitelistEntryId],
    emails: [estate.email, estate.testerEmail],
    imageUrls: [estate.imageUrl],
    buildUrls: [estate.buildUrl],
    fileKeys: [fileKey(estate.imageUrl), fileKey(estate.buildUrl)],
  };
}

/**
 * An anonymous caller (no token, a malformed one, a made-up one) and the estate's partner. A fuzzed request
 * may sign the partner out: after each success the session is checked and, if it is gone, signed in again.
 */
export function partnerCallers(app: FastifyInstance, estate: PartnerEstate) {
  let token = estate.token;
  let anonymous = 0;
  let named = 0;
  // a partner's studio id is their user id
  const studioHeaders = [estate.userId, randomUUID(), 'not-a-studio', `${estate.userId},${estate.userId}`];
  const anonymousHeaders = [
    {},
    { authorization: 'Bearer ' },
    { authorization: 'Bearer not-a-session' },
    { authorization: 'Basic YTpi' },
  ];
  const callers: FuzzCaller[] = [
    {
      name: 'anonymous',
      headers: () => anonymousHeaders[anonymous++ % anonymousHeaders.length] as Record<string, string>,
    },
    { name: 'partner', headers: () => bearer(token) },
    // the partner naming a studio: theirs, one they are not in, and what names none
    {
      name: 'partner with X-Studio-Id',
      headers: () => ({ ...bearer(token), [STUDIO_HEADER]: studioHeaders[named++ % studioHeaders.length] as string }),
    },
  ];
  const afterSuccess = async () => {
    if (await app.services.access.authenticate(token)) return;
    const response = await app.inject({
      method: 'POST',
      url: '/api/Access/Login',
      payload: { email: estate.email, password: estate.password },
    });
    if (response.statusCode !== 200) throw new Error(`signing the partner in again failed: ${response.body}`);
    token = (response.json() as { accessToken: string }).accessToken;
  };
  return { callers, afterSuccess };
}
