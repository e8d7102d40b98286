import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** The methods of the app's routes. */
/** The authorization header of a session's access token or an API key's secret. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Payload = InjectOptions['payload'];
/** What a request may carry besides its method, URL and body: more headers, a client address. */
export type RequestOptions = Omit<InjectOptions, 'method' | 'url' | 'path' | 'payload' | 'body'>;

/** One caller's requests to the app; each answers the whole inject response. */
export interface Caller {
  send(method: Method, url: string, payload?: Payload, options?: RequestOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, payload?: Payload, options?: RequestOptions): Promise<LightMyRequestResponse>;
}

/**
 * Requests as the bearer of `token` (a session's access token or an API key's secret), or as nobody without one:
 * `await as(t.app, partner.accessToken).post('/api/Product', body)`.
 */
export function as(app: FastifyInstance, token?: string): Caller {
  const send: Caller['send'] = (method, url, payload, options = {}) =>
    app.inject({
      ...options,
      method,
      url,
      payload,
      headers: { ...options.headers, ...(token === undefined ? {} : bearer(token)) },
    });
  return {
    send,
    get: (url, options) => send('GET', url, undefined, options),
    post: (url, payload, options) => send('POST', url, payload, options),
    put: (url, payload, options) => send('PUT', url, payload, options),
    delete: (url, payload, options) => send('DELETE', url, payload, options),
  };
}

/** Posts a form as a browser without JavaScript does, its fields URL-encoded; nobody signed in. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return as(app).post(url, new URLSearchParams(fields).toString(), {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}
