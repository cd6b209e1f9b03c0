import { DEMO_PASSWORD } from '@dm/shared';

// A small JSON client for the load bench's own calls (logins, setup, the writer and its checks).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Api {
  base: string;
  token: string;
  call: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
}

export async function call<T>(
  base: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'x-access-token': token } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok)
    throw new ApiError(res.status, `${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Signs in (a new sign-in ends the account's other session) and accepts the terms if asked. */
export async function signIn(base: string, username: string): Promise<Api> {
  const data = await call<{ token: string; eulaRequired?: boolean; user?: { eula?: boolean } }>(
    base,
    null,
    'POST',
    '/api/authenticate',
    { username, password: DEMO_PASSWORD, issueToken: true },
  );
  const token = data.token;
  try {
    await call(base, token, 'GET', '/api/me');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await call(base, token, 'POST', '/api/accepteula');
  }
  return { base, token, call: (method, path, body) => call(base, token, method, path, body) };
}

/** The same session on another process (two processes behind one database). */
export function onServer(api: Api, base: string): Api {
  return { base, token: api.token, call: (method, path, body) => call(base, api.token, method, path, body) };
}
