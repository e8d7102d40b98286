import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client.ts';
import { apiUpload } from './api-upload.ts';
import { session } from './session.ts';
import { STUDIO_KEY, setStudioLostHandler, studioChoice } from './studio.ts';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The headers of the calls the client sent (localization's aside). */
const sentHeaders = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .filter(([url]) => !String(url).includes('/Localization/'))
    .map(([, init]) => (init as RequestInit).headers as Record<string, string>);

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/api/Language/Localization/en-US') ? jsonResponse(200, {}) : jsonResponse(200, { ok: true }),
  );
  vi.stubGlobal('fetch', fetchMock);
  session.setToken('token-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  studioChoice.clear();
  session.clear();
  setStudioLostHandler(() => {});
});

describe('the studio a tab acts in', () => {
  it('sends no studio header until one is chosen, then names it on every authenticated call', async () => {
    await apiRequest('/api/Product');
    studioChoice.set('studio-2');
    await apiRequest('/api/Product');
    const [before, after] = sentHeaders(fetchMock);
    expect(before).not.toHaveProperty('X-Studio-Id');
    expect(after).toMatchObject({ 'X-Studio-Id': 'studio-2', authorization: 'Bearer token-1' });
    expect(sessionStorage.getItem(STUDIO_KEY)).toBe('studio-2');
  });

  it('names no studio on a call without a session', async () => {
    studioChoice.set('studio-2');
    session.forget();
    await apiRequest('/api/Content/Faqs');
    expect(sentHeaders(fetchMock)[0]).not.toHaveProperty('X-Studio-Id');
  });

  it('names the studio on uploads too', () => {
    const open = vi.fn();
    const headers: Record<string, string> = {};
    class Xhr {
      upload = {};
      open = open;
      setRequestHeader(name: string, value: string) {
        headers[name] = value;
      }
      send() {}
    }
    vi.stubGlobal('XMLHttpRequest', Xhr);
    studioChoice.set('studio-3');
    void apiUpload('/FileUpload/Single/Query', new File(['x'], 'a.png')).catch(() => undefined);
    return vi.waitFor(() => expect(headers['X-Studio-Id']).toBe('studio-3'));
  });

  it('drops the choice when the session changes: a sign-out, or another person signing in', () => {
    studioChoice.set('studio-2');
    session.setToken('token-2');
    expect(studioChoice.get()).toBeNull();
    studioChoice.set('studio-2');
    session.clear();
    expect(studioChoice.get()).toBeNull();
    expect(sessionStorage.getItem(STUDIO_KEY)).toBeNull();
  });

  it('forgets the choice without telling the page, for Log out', () => {
    const listener = vi.fn();
    studioChoice.set('studio-2');
    const unsubscribe = studioChoice.subscribe(listener);
    studioChoice.forget();
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(studioChoice.get()).toBeNull();
    expect(sessionStorage.getItem(STUDIO_KEY)).toBeNull();
  });

  it('goes back to the default studio, and says so once, when the chosen one answers NotStudioMember', async () => {
    const lost = vi.fn();
    setStudioLostHandler(lost);
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/api/Language/Localization/en-US')
        ? jsonResponse(200, {})
        : jsonResponse(403, { errorCode: 'NotStudioMember', message: 'You are not a member of this studio.' }),
    );
    studioChoice.set('studio-2');
    const calls = [apiRequest('/api/Product'), apiRequest('/api/Model')];
    for (const call of calls) await expect(call).rejects.toMatchObject({ errorCode: 'NotStudioMember' });
    expect(studioChoice.get()).toBeNull();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('keeps a newer choice when an older studio answers NotStudioMember', () => {
    const lost = vi.fn();
    setStudioLostHandler(lost);
    studioChoice.set('studio-3');
    expect(studioChoice.lose('studio-2')).toBe(false);
    expect(studioChoice.get()).toBe('studio-3');
    expect(lost).not.toHaveBeenCalled();
  });
});
