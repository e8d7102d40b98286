import net from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { as, describeEachDatabase, useTestApp } from '../testing/index.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Writes bytes on a fresh connection and reads every response until the server closes it. */
function sendRaw(port: number, bytes: string): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponses(Buffer.concat(chunks).toString('utf8'))));
    socket.write(bytes);
  });
}

function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return responses;
}

const errorBody = (errorCode: string) => ({ errorCode, message: expect.any(String) });

describeEachDatabase('framework and client errors', (variant) => {
  const t = useTestApp(variant);
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  it('answers a URL with bad percent-encoding with {errorCode, message}', async () => {
    for (const url of ['/api/Product/%zz', '/api/Md/%E0%A4%A', '/%zz?email=a']) {
      const response = await as(t.app).get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(errorBody('MalformedUrl'));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers a path parameter over the length limit with {errorCode, message}', async () => {
    const response = await as(t.app).get(`/api/Md/${'a'.repeat(101)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual(errorBody('UrlTooLong'));
  });

  it('answers oversized headers with 431 {errorCode, message} and closes the connection', async () => {
    const responses = await sendRaw(
      port,
      `GET /api/Setting HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ status: 431, body: errorBody('HeadersTooLarge') });
    expect(responses[0]?.headers.connection).toBe('close');
    expect(responses[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers a request line that does not parse with 400 {errorCode, message}', async () => {
    const responses = await sendRaw(port, 'NOT AN HTTP REQUEST\r\n\r\n');
    expect(responses).toEqual([{ status: 400, headers: expect.any(Object), body: errorBody('MalformedRequest') }]);
  });

  it('answers a body longer than its Content-Length with {errorCode, message}', async () => {
    const body = '{"name":"Mia","email":"mia@studio.example"}';
    const responses = await sendRaw(
      port,
      `POST /api/ContactUs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n${body}`,
    );
    // the first two bytes may get their own answer; the bytes after them never make a request of their own
    expect(responses.length).toBeGreaterThan(0);
    for (const response of responses) expect(response.body).toEqual(errorBody('MalformedRequest'));
    expect(responses.at(-1)?.status).toBe(400);
  });
});
