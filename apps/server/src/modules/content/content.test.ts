import { errorCodes, staticTextTypes } from '@portal/contracts';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactEnquiries } from '../../db/schema/content.ts';
import { as, describeEachDatabase, readOutbox, useTestApp } from '../../testing/index.ts';

describeEachDatabase('content API', (variant) => {
  const t = useTestApp(variant);

  const get = (url: string) => as(t.app).get(url);
  const outbox = () => readOutbox(t.app);
  const enquiryCount = async () => {
    const [row] = await t.database.db.select({ n: count() }).from(contactEnquiries);
    return row?.n ?? 0;
  };

  describe('FAQ', () => {
    it('lists at least eight FAQs sorted by order', async () => {
      const response = await get('/api/Faq');
      expect(response.statusCode).toBe(200);
      const { data } = response.json() as {
        data: Array<{ id: string; question: string; answer: string; order: number }>;
      };
      expect(data.length).toBeGreaterThanOrEqual(8);
      const orders = data.map((faq) => faq.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      for (const faq of data) {
        expect(faq.question.length).toBeGreaterThan(10);
        expect(faq.answer.length).toBeGreaterThan(10);
      }
    });
  });

  describe('SDK documents', () => {
    it('lists five documents whose urls serve their markdown', async () => {
      const { data } = (await get('/api/Md/Query')).json() as {
        data: Array<{ id: string; name: string; url: string; description: string }>;
      };
      expect(data.map((doc) => doc.name)).toEqual([
        'Getting started',
        'Realtime game API',
        '3D model guidelines',
        'VPS placement',
        'Ship builds from CI with the lumora CLI',
      ]);
      for (const doc of data) {
        const markdown = await get(doc.url);
        expect(markdown.statusCode).toBe(200);
        expect(markdown.headers['content-type']).toContain('text/markdown');
        expect(markdown.body.startsWith(`# ${doc.name}`)).toBe(true);
      }
    });

    it('returns one document by id', async () => {
      const { data } = (await get('/api/Md/Query')).json() as { data: Array<{ id: string; name: string }> };
      const first = data[0];
      if (!first) throw new Error('no document');
      const response = await get(`/api/Md/${first.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: first.id, name: first.name });
    });

    it.each([
      ['an unknown id', '/api/Md/00000000-0000-4000-8000-000000000000'],
      ['an id that cannot exist', '/api/Md/not-an-id'],
      ['an unknown document url', '/sdk-docs/unknown.md'],
    ])('answers 404 DocumentNotFound for %s', async (_label, url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorCode: 'DocumentNotFound', message: 'This document does not exist.' });
    });

    it('serves documentation.html with every document', async () => {
      const response = await get('/documentation.html');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1');
      for (const name of ['Getting started', 'Realtime game API', '3D model guidelines', 'VPS placement']) {
        expect(response.body).toContain(name);
      }
    });
  });

  describe('settings', () => {
    it('answers the public settings with the monthly price as text', async () => {
      const settings = (await get('/api/Setting')).json() as Record<string, unknown>;
      expect(settings).toMatchObject({
        partnerSubscriptionUnitPricePermonth: 9.99,
        pricePermonthToString: '9.99 USD',
        partnerContactEmail: 'partners@lumora.example',
      });
      for (const key of [
        'gameSdkFileUrl',
        'vpsAppOfMacOsFileUrl',
        'officialSiteUrl',
        'socialPageUrl',
        'iosAppUrl',
        'androidAppUrl',
      ]) {
        expect(settings[key]).toEqual(expect.stringMatching(/^(https?:\/\/|\/)/));
      }
    });
  });

  describe('static texts', () => {
    it.each(staticTextTypes)('serves %s in en-US', async (type) => {
      const response = await get(`/game/Static?type=${type}&culture=en-US`);
      expect(response.statusCode).toBe(200);
      const text = response.json() as { type: string; title: string; content: string };
      expect(text.type).toBe(type);
      expect(text.content.length).toBeGreaterThan(1000);
    });

    it('answers 404 StaticTextNotFound for an unknown type', async () => {
      const response = await get('/game/Static?type=PrivacyPolicyX&culture=en-US');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'StaticTextNotFound' });
    });

    it('answers 400 when the type is missing', async () => {
      const response = await get('/game/Static?culture=en-US');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'ValidationFailed' });
    });
  });

  describe('contact enquiries', () => {
    const valid = {
      name: 'Mia Chen',
      company: 'Northlight Studio',
      phoneNumber: '+852 5555 0101',
      email: 'mia@northlight.example',
      description: 'We would like to run an AR poster campaign in Central.',
    };
    const post = (payload: object) => as(t.app).post('/api/ContactUs', payload);
    /** Posts a body as it is, under the content type given, from a client address of its own when given one. */
    const postRaw = (contentType: string, body: string, remoteAddress?: string) =>
      as(t.app).post('/api/ContactUs', body, { headers: { 'content-type': contentType }, remoteAddress });
    const expectRefused = (
      response: { statusCode: number; json(): unknown },
      statusCode: number,
      errorCode: string,
    ) => {
      expect(response.statusCode).toBe(statusCode);
      expect(response.json()).toMatchObject({ errorCode });
    };

    it('stores the enquiry and mails it to the partner contact address', async () => {
      const before = await enquiryCount();
      const response = await post(valid);
      expect(response.statusCode).toBe(200);
      expect(await enquiryCount()).toBe(before + 1);
      const [mail] = await outbox();
      expect(mail?.to).toBe('partners@lumora.example');
      expect(mail?.subject).toBe('Partnership enquiry from Mia Chen (Northlight Studio)');
      expect(mail?.text).toContain('We would like to run an AR poster campaign in Central.');
    });

    it.each([
      ['no name', { ...valid, name: undefined }, 'name: Please input name'],
      ['a blank name', { ...valid, name: '   ' }, 'name: Please input name'],
      ['no email', { ...valid, email: undefined }, 'email: Please input the email'],
      ['a malformed email', { ...valid, email: 'mia@northlight' }, 'email: Incorrect email format'],
      ['no description', { ...valid, description: '' }, 'description: Please input description'],
      ['an over-long name', { ...valid, name: 'x'.repeat(101) }, 'name: Must be at most 100 characters'],
    ])('refuses %s with 400, storing and mailing nothing', async (_label, payload, message) => {
      const before = await enquiryCount();
      const mailsBefore = (await outbox()).length;
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode: 'ValidationFailed', message });
      expect(await enquiryCount()).toBe(before);
      expect((await outbox()).length).toBe(mailsBefore);
    });

    it('refuses unknown fields', async () => {
      const response = await post({ ...valid, isAdmin: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode: 'UnknownField', message: 'Unknown field: isAdmin' });
    });

    it('refuses a body that is not JSON', async () => {
      expectRefused(await postRaw('application/json', '{"name": '), 400, 'MalformedRequest');
    });

    it('reads an empty JSON body as no body, so required fields are reported', async () => {
      expectRefused(await postRaw('application/json', '', '10.20.0.1'), 400, 'ValidationFailed');
    });

    it('refuses a content type it does not read', async () => {
      expectRefused(await postRaw('application/xml', '<contact/>', '10.20.0.2'), 415, 'UnsupportedMediaType');
    });
  });

  describe('localization', () => {
    it('maps every errorCode the server can return to a message', async () => {
      const messages = (await get('/api/Language/Localization/en-US')).json() as Record<string, string>;
      for (const code of errorCodes) expect(messages[code], code).toEqual(expect.any(String));
      expect(messages.Unauthorized).toBe('The user has expired, please login again.');
    });

    it('answers 404 for a culture it does not have', async () => {
      expect((await get('/api/Language/Localization/xx-XX')).statusCode).toBe(404);
    });
  });

  describe('recent products', () => {
    it('is an empty page while nothing is released', async () => {
      const response = await get('/api/Product/Recent?PageIndex=1&PageSize=4');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [], totalCount: 0 });
    });

    it('refuses a page size that is not a number', async () => {
      const response = await get('/api/Product/Recent?PageSize=many');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'ValidationFailed' });
    });
  });
});
