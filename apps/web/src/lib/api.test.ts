import { MSG, VERSION_HEADER } from '@dm/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type StubRoutes, stubApi } from '../test/api-stub';
import { ApiError, type ApiHandlers, api, apiDownload, installApiHandlers } from './api';

let handlers: { [K in keyof ApiHandlers]: ReturnType<typeof vi.fn> };

beforeEach(() => {
  handlers = { notify: vi.fn(), sessionEnded: vi.fn(), navigate: vi.fn(), newBuild: vi.fn() };
  installApiHandlers(handlers as unknown as ApiHandlers);
});

async function callFailing(routes: StubRoutes, name: string, options: Parameters<typeof api>[1] = {}) {
  stubApi(routes);
  const error = await api(name, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api() error catalogue (platform.md section 8)', () => {
  it("'relogin' ends the session as logged in elsewhere", async () => {
    const error = await callFailing({ things: fail(401, MSG.RELOGIN_CODE) }, 'things');
    expect(error.status).toBe(401);
    expect(handlers.sessionEnded).toHaveBeenCalledWith('relogin');
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("'login' ends the session as expired", async () => {
    await callFailing({ things: fail(401, MSG.SESSION_EXPIRED_CODE) }, 'things');
    expect(handlers.sessionEnded).toHaveBeenCalledWith('expired');
  });

  it("'Failed to authenticate token.' and 'No token provided.' end the session too", async () => {
    await callFailing({ things: fail(401, MSG.BAD_TOKEN) }, 'things');
    expect(handlers.sessionEnded).toHaveBeenLastCalledWith('invalid');
    await callFailing({ things: fail(401, MSG.NO_TOKEN) }, 'things');
    expect(handlers.sessionEnded).toHaveBeenLastCalledWith('missing');
  });

  it("'Unauthorized' goes to /unauthorize", async () => {
    await callFailing({ things: fail(403, MSG.UNAUTHORIZED) }, 'things');
    expect(handlers.navigate).toHaveBeenCalledWith('/unauthorize');
  });

  it("'Unauthorized' with the page table's redirect goes there (a Pre-Active parent: /notpaid)", async () => {
    await callFailing({ things: fail(403, MSG.UNAUTHORIZED, { redirect: '/notpaid' }) }, 'things');
    expect(handlers.navigate).toHaveBeenLastCalledWith('/notpaid');
    await callFailing(
      { things: fail(403, MSG.UNAUTHORIZED, { redirect: 'https://elsewhere.example' }) },
      'things',
    );
    expect(handlers.navigate).toHaveBeenLastCalledWith('/unauthorize');
  });

  it("'nomanager' goes to /noportfolio/2", async () => {
    await callFailing({ things: fail(400, MSG.NO_MANAGER_CODE) }, 'things');
    expect(handlers.navigate).toHaveBeenCalledWith('/noportfolio/2');
  });

  it('the session codes are handled even for silent calls', async () => {
    await callFailing({ things: fail(401, MSG.RELOGIN_CODE) }, 'things', { silent: true });
    expect(handlers.sessionEnded).toHaveBeenCalledWith('relogin');
  });

  it('any other message is an Error toast, unless the caller shows it (silent)', async () => {
    const error = await callFailing({ things: fail(400, 'Something is wrong') }, 'things', { body: {} });
    expect(error.message).toBe('Something is wrong');
    expect(handlers.notify).toHaveBeenCalledWith('error', 'Something is wrong', 'Error');

    handlers.notify.mockClear();
    await callFailing({ things: fail(400, 'Something is wrong') }, 'things', { silent: true });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('a failed GET without a message shows the generic GET failure', async () => {
    await callFailing({ things: fail(500, '') }, 'things');
    expect(handlers.notify).toHaveBeenCalledWith('error', MSG.GENERIC_GET_FAILURE, 'Error');
  });

  it('an answer that is not an envelope shows the status text with the HTTP failure message', async () => {
    const error = await callFailing({ things: { status: 502, body: 'not json' } }, 'things');
    expect(error.status).toBe(502);
    expect(error.message).toContain(MSG.HTTP_FAILURE);
    expect(handlers.notify).toHaveBeenCalledWith('error', error.message);
  });

  it('a network failure shows the HTTP failure message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('network down')));
    const error = await api('things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(handlers.notify).toHaveBeenCalledWith('error', MSG.HTTP_FAILURE);
  });

  it('a successful write can show the server message as a Success toast', async () => {
    stubApi({ things: ok({ affectedRows: 1 }, 'Saved.') });
    await expect(api('things', { body: { a: 1 }, successToast: true })).resolves.toEqual({ affectedRows: 1 });
    expect(handlers.notify).toHaveBeenCalledWith('success', 'Saved.');
  });

  it('sends the body as JSON, the query and a timestamp parameter', async () => {
    const requests = stubApi({ things: ok(null) });
    await api('things', { body: { a: 1 }, query: { page: 2, skip: undefined } });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ a: 1 });
    expect(requests[0]?.query.get('page')).toBe('2');
    expect(requests[0]?.query.has('skip')).toBe(false);
    expect(requests[0]?.query.has('_')).toBe(true);
  });
});

describe('api() build version', () => {
  it('a version header that differs from the running build sets the new-build flag', async () => {
    vi.stubGlobal('__APP_VERSION__', '1.0.0');
    stubApi({ things: { ...ok(null), headers: { [VERSION_HEADER]: '1.0.1' } } });
    await api('things');
    expect(handlers.newBuild).toHaveBeenCalledTimes(1);
  });

  it('the same version does not', async () => {
    vi.stubGlobal('__APP_VERSION__', '1.0.0');
    stubApi({ things: { ...ok(null), headers: { [VERSION_HEADER]: '1.0.0' } } });
    await api('things');
    expect(handlers.newBuild).not.toHaveBeenCalled();
  });
});

describe('apiDownload()', () => {
  it('an answer with nothing to download shows the server message as a warning and saves nothing', async () => {
    stubApi({ thingscsv: ok(null, MSG.NOTHING_TO_DOWNLOAD) });
    const saved = await apiDownload('thingscsv', {}, 'things.csv');
    expect(saved).toBe(false);
    expect(handlers.notify).toHaveBeenCalledWith('warning', MSG.NOTHING_TO_DOWNLOAD);
  });

  it('a refusal is still an error', async () => {
    stubApi({ thingscsv: fail(400, 'Invalid date range') });
    await expect(apiDownload('thingscsv', {}, 'things.csv')).rejects.toBeInstanceOf(ApiError);
    expect(handlers.notify).toHaveBeenCalledWith('error', 'Invalid date range', 'Error');
  });
});
