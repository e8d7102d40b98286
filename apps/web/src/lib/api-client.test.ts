import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, SESSION_EXPIRED_MESSAGE, setUnauthorizedHandler } from './api-client.ts';
import { apiUpload } from './api-upload.ts';
import { loading } from './loading.ts';
import { session } from './session.ts';

/** Stands in for the browser's XMLHttpRequest: records the request, and answers when told. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const localized = {
  ImageTooLarge: 'Image must be smaller than 5 MB!',
  ProductNotFound: 'This project does not exist.',
};

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const image = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' });

/** Lets the client reach `xhr.send`, which happens after the loading overlay starts. */
const sent = async () => {
  await vi.waitFor(() => expect(FakeXhr.last).toBeDefined());
  return FakeXhr.last as FakeXhr;
};

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/api/Language/Localization/en-US')
        ? jsonResponse(200, localized)
        : jsonResponse(404, { errorCode: 'ProductNotFound', message: 'not found on the server' }),
    ),
  );
  session.setToken('token-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
  setUnauthorizedHandler(() => {});
});

describe('apiUpload', () => {
  it('posts the file as the "file" part with the bearer token, reports progress and returns the answer', async () => {
    const progress: Array<[number, number]> = [];
    const result = apiUpload<unknown[]>('/FileUpload/Single/Query', image(), {
      onProgress: (percent, sentBytes) => progress.push([percent, sentBytes]),
    });
    const xhr = await sent();
    expect(loading.isLoading()).toBe(true);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/FileUpload/Single/Query');
    expect(xhr.headers.authorization).toBe('Bearer token-1');
    expect((xhr.body as FormData).get('file')).toMatchObject({ name: 'icon.png' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onload?.();
    xhr.respond(200, [{ name: 'icon.png', origin: '/files/a/origin.png' }]);
    await expect(result).resolves.toEqual([{ name: 'icon.png', origin: '/files/a/origin.png' }]);
    // the icon is 4 bytes: a quarter of the body is one of them
    expect(progress).toEqual([
      [25, 1],
      [100, 4],
    ]);
    expect(loading.isLoading()).toBe(false);
  });

  it('turns an errorCode into its localized message, as the JSON client does', async () => {
    const upload = apiUpload('/FileUpload/Single/Query', image());
    (await sent()).respond(413, { errorCode: 'ImageTooLarge', message: 'too large on the server' });
    await expect(upload).rejects.toEqual(
      new ApiError('Image must be smaller than 5 MB!', 413, 'ImageTooLarge', 'too large on the server'),
    );

    await expect(apiRequest('/api/Product/x')).rejects.toMatchObject({
      message: 'This project does not exist.',
      status: 404,
      errorCode: 'ProductNotFound',
    });
  });

  it('shows the response message for an unknown code, and "Error" without a body', async () => {
    const first = apiUpload('/FileUpload/Single/Query', image());
    (await sent()).respond(400, { errorCode: 'SomethingNew', message: 'Something new happened.' });
    await expect(first).rejects.toMatchObject({ message: 'Something new happened.', errorCode: 'SomethingNew' });

    FakeXhr.last = undefined;
    const second = apiUpload('/FileUpload/Single/Query', image());
    const xhr = await sent();
    xhr.status = 502;
    xhr.responseText = '<html>Bad gateway</html>';
    xhr.onload?.();
    await expect(second).rejects.toMatchObject({ message: 'Error', status: 502 });
  });

  it('ends the session on a 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const upload = apiUpload('/FileUpload/Single/Query', image());
    (await sent()).respond(401, { errorCode: 'Unauthorized', message: 'expired' });
    await expect(upload).rejects.toEqual(new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'Unauthorized'));
    expect(session.getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('is cancelled by its signal', async () => {
    const controller = new AbortController();
    const upload = apiUpload('/FileUpload/Single/Query', image(), { signal: controller.signal });
    await sent();
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(loading.isLoading()).toBe(false);
  });

  it('reports a network failure as "Error"', async () => {
    const upload = apiUpload('/FileUpload/Single/Query', image(), { background: true });
    (await sent()).onerror?.();
    await expect(upload).rejects.toEqual(new ApiError('Error', 0, undefined));
  });
});
