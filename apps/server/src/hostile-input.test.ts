import { beforeAll, expect, it } from 'vitest';
import {
  as,
  createGameInTesting,
  describeEachDatabase,
  modelBody,
  productBody,
  registerConnectedPartner,
  useTestApp,
} from './testing/index.ts';

const CONTROL_CHARACTERS = 'Must not contain control characters';

describeEachDatabase('input the database cannot store', (variant) => {
  const t = useTestApp(variant);
  let token: string;
  beforeAll(async () => {
    token = (await registerConnectedPartner(t.app)).accessToken;
  });

  const expectRefused = (response: { statusCode: number; json(): unknown }, message: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'ValidationFailed', message: expect.stringContaining(message) });
  };
  /** Creates a game from `productBody` with the overrides given: the whole response. */
  const postProduct = async (overrides: Parameters<typeof productBody>[2]) =>
    as(t.app, token).post('/api/Product', await productBody(t.app, token, overrides));

  it('refuses a category id beyond the integer column', async () => {
    const response = await as(t.app, token).post(
      '/api/Model',
      await modelBody(t.app, token, { categoryId: 2_147_483_648 }),
    );
    expectRefused(response, 'categoryId: Please input category');
  });

  it('refuses a NUL in a name', async () => {
    const response = await postProduct({ name: 'Orbit\u0000Tag' });
    expectRefused(response, `name: ${CONTROL_CHARACTERS}`);
  });

  it.each([
    ['a tag', { tags: ['ok', 'b\u0000ad'] }, 'tags.1'],
    ['a single-line field (ESC)', { name: 'Orbit\u001b[31m' }, 'name'],
    ['a multi-line field (NUL)', { description: 'Line one\n\u0000' }, 'description'],
  ])('refuses a control character in %s', async (_what, overrides, field) => {
    const response = await postProduct(overrides);
    expectRefused(response, `${field}: ${CONTROL_CHARACTERS}`);
  });

  it('keeps line breaks and tabs in multi-line fields', async () => {
    const response = await postProduct({ description: 'Rules:\r\n\t1. Throw\n\t2. Tag' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ description: 'Rules:\r\n\t1. Throw\n\t2. Tag' });
  });

  it.each([
    ['/api/Access/SendRegistrationCode?email=mia%00@studio.example', 'email'],
    ['/game/Static?type=DeveloperAgreement%00', 'type'],
    ['/stripe/connect/express?state=%00', 'state'],
  ])('refuses a NUL in the query of %s', async (url, field) => {
    expectRefused(await as(t.app).get(url), `${field}: ${CONTROL_CHARACTERS}`);
  });

  it.each([
    ['/api/Product/%00', 'id'],
    ['/api/Md/%00', 'id'],
    ['/sdk-docs/%00', 'file'],
    ['/api/Language/Localization/en-US%00', 'culture'],
    ['/files/%00/origin.png', '*'],
  ])('refuses a NUL in the path %s', async (url, field) => {
    expectRefused(await as(t.app, token).get(url), `${field}: ${CONTROL_CHARACTERS}`);
  });

  it('refuses a NUL in a review message but keeps its line breaks', async () => {
    const { versionId } = await createGameInTesting(t.app, token);
    const post = (message: string) => as(t.app, token).post(`/api/Product/Version/Messages/${versionId}`, { message });
    expectRefused(await post('Hello\u0000'), `message: ${CONTROL_CHARACTERS}`);
    const kept = await post('Hello,\n\tthe build is ready.');
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ data: [{ message: 'Hello,\n\tthe build is ready.' }] });
  });
});
