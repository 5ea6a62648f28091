import { defineCall, LoginResponse, moduleEnvironmentAdd, systemLogin } from '@quire/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, type RequestOptions } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { type Feedback, registerFeedback } from './feedback.ts';
import { i18n } from './i18n.ts';
import { registerNavigate } from './navigation.ts';
import { getToken, setToken } from './storage.ts';

const REQUEST_ERROR_ZH = '请求异常，请查看日志';

const AnyInput = z.record(z.string(), z.unknown());

/** A GET through an ad-hoc contract: these tests are about the client, not about one call. */
function apiGet<S extends z.ZodType>(
  path: string,
  response: S,
  query?: Record<string, unknown>,
  options?: RequestOptions,
) {
  const contract = defineCall({
    method: 'GET',
    path: `/api${path}`,
    query: AnyInput,
    response,
    access: 'user',
  });
  return call(contract, query ?? {}, options);
}

/** A POST through an ad-hoc contract. */
function apiPost<S extends z.ZodType>(
  path: string,
  response: S,
  body?: Record<string, unknown>,
  options?: RequestOptions,
) {
  const contract = defineCall({
    method: 'POST',
    path: `/api${path}`,
    body: AnyInput,
    response,
    access: 'user',
  });
  return call(contract, body ?? {}, options);
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api-client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn();
  const toastError = vi.fn();
  const confirm = vi.fn();
  let unregister: Array<() => void> = [];

  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.stubGlobal('fetch', fetchMock);
    const feedback: Feedback = { message: { error: toastError, success: vi.fn() }, modal: { confirm } };
    unregister = [registerFeedback(feedback), registerNavigate(navigate)];
    window.history.replaceState(null, '', '/user/message');
  });

  afterEach(() => {
    for (const fn of unregister) fn();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
    navigate.mockReset();
    toastError.mockReset();
    confirm.mockReset();
  });

  it('resolves code 0 to the validated data and sends token, language and JSON', async () => {
    setToken('u1:secret');
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: '0', msg: '', data: { token: 't', status: 1 } }));

    const data = await apiPost('/system/login', LoginResponse, { username: 'a', password: 'b' });

    expect(data).toEqual({ token: 't', status: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/system/login');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer u1:secret');
    expect(headers.get('Accept-Language')).toBe('zh-CN');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ username: 'a', password: 'b' }));
  });

  it('sends GET parameters in the query string and no body', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: '0', msg: '', data: [] }));
    await apiGet('/user/message/unread', z.array(z.unknown()), { limit: 99, skip: undefined });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/message/unread?limit=99');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
  });

  it('rejects an answer that does not match the schema, with the generic toast', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: '0', msg: '', data: { token: 5 } }));
    vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    await expect(apiPost('/system/login', LoginResponse, {})).rejects.toMatchObject({
      code: 'client.bad_response',
    });
    expect(toastError).toHaveBeenCalledWith(REQUEST_ERROR_ZH);
  });

  it('code 1000 removes the token and goes to login with the current path, without a toast', async () => {
    setToken('u1:secret');
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: '1000', msg: '请先登录', data: null }, 401));

    const error = await apiGet('/user/info', z.unknown()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: '1000' });
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fuser%2Fmessage', { replace: true });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('code 1000 on a public page keeps the user there', async () => {
    window.history.replaceState(null, '', '/share/abc');
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: '1000', msg: '', data: null }, 401));
    await expect(apiGet('/user/info', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('code 2000 goes to the set-password page', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: '2000', msg: '', data: null }, 403));
    await expect(apiGet('/user/perm/get', z.unknown())).rejects.toMatchObject({ code: '2000' });
    expect(navigate).toHaveBeenCalledWith('/setPassword', { replace: true });
    expect(toastError).not.toHaveBeenCalled();
  });

  it.each(['50008', '50012', '50014'])(
    'code %s asks to log in again; Re-Login clears the token',
    async (code) => {
      setToken('u1:secret');
      const reload = vi.fn();
      vi.stubGlobal('location', { ...window.location, reload, pathname: '/user' });
      fetchMock.mockImplementation(async () => jsonResponse({ code, msg: 'expired', data: null }));

      await expect(apiGet('/x', z.unknown())).rejects.toMatchObject({ code });
      await expect(apiGet('/x', z.unknown())).rejects.toMatchObject({ code });

      // One dialog even when several calls fail together.
      expect(confirm).toHaveBeenCalledTimes(1);
      const config = confirm.mock.calls[0]?.[0] as {
        title: string;
        okText: string;
        onOk: () => void;
        afterClose: () => void;
      };
      expect(config.title).toBe(i18n.t('common.loggedOutTitle'));
      expect(config.okText).toBe(i18n.t('common.reLogin'));
      expect(getToken()).toBe('u1:secret');
      config.onOk();
      expect(getToken()).toBeNull();
      expect(reload).toHaveBeenCalled();
      config.afterClose();
      expect(toastError).not.toHaveBeenCalled();
    },
  );

  it('any other code toasts the server message and rejects with an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 'auth.bad_credentials', msg: '账号或密码错误', data: null }, 401),
    );
    await expect(apiPost('/system/login', z.unknown(), {})).rejects.toMatchObject({
      status: 401,
      code: 'auth.bad_credentials',
      message: '账号或密码错误',
    });
    expect(toastError).toHaveBeenCalledWith('账号或密码错误');
  });

  it('a silent call rejects without a toast', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 'auth.login_throttled', msg: 'wait', data: null }, 429),
    );
    await expect(apiPost('/system/login', z.unknown(), {}, { silent: true })).rejects.toMatchObject({
      status: 429,
    });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a network failure toasts the request error in the current language and rejects', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/user/info', z.unknown())).rejects.toMatchObject({
      status: 0,
      code: 'client.network',
    });
    expect(toastError).toHaveBeenCalledWith('Request error, see log');
  });

  it('an answer that is not JSON counts as a request error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiGet('/user/info', z.unknown())).rejects.toMatchObject({
      status: 502,
      code: 'client.bad_response',
    });
    expect(toastError).toHaveBeenCalledWith(REQUEST_ERROR_ZH);
  });

  it('gives up after 600 s with the request error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiGet('/slow', z.unknown());
    const outcome = expect(pending).rejects.toMatchObject({ code: 'client.timeout' });
    await vi.advanceTimersByTimeAsync(599_999);
    expect(toastError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(toastError).toHaveBeenCalledWith(REQUEST_ERROR_ZH);
  });

  it('a call cancelled by its caller rejects quietly', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiGet('/slow', z.unknown(), undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'client.aborted' });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('sends a call to the path of its contract, with the input typed by it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: '0', msg: '', data: { token: 't', status: 1 } }));
    const data: LoginResponse = await call(systemLogin, { username: 'a', password: 'b' });
    expect(data).toEqual({ token: 't', status: 1 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/system/login');
    // A body that does not match the contract's schema does not compile (the calls below never run).
    const compileOnly = () => {
      // @ts-expect-error the password is missing
      void call(systemLogin, { username: 'a' });
      // @ts-expect-error a field the schema does not name
      void call(moduleEnvironmentAdd, { moduleId: 'm', name: 'n', baseUrl: 'http://a', color: 'red' });
      // @ts-expect-error a call with a body needs one
      void call(systemLogin);
    };
    expect(typeof compileOnly).toBe('function');
  });
});
