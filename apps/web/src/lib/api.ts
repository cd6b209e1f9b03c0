import {
  type AnswerOf,
  type CallInput,
  type EndpointContract,
  type Envelope,
  MSG,
  pathOf,
  SESSION_IDLE_MS,
  VERSION_HEADER,
} from '@dm/shared';

import { ApiError } from './api-error';

export { ApiError };

/** What the wrapper asks the app to do; the session provider installs these (section 8). */
export interface ApiHandlers {
  notify(kind: 'error' | 'success' | 'warning', message: string, title?: string): void;
  /** Session over: 'expired' shows Session Expired, 'relogin' Logged in from another device. */
  sessionEnded(reason: 'expired' | 'relogin' | 'invalid' | 'missing'): void;
  navigate(path: string): void;
  newBuild(): void;
}

let handlers: ApiHandlers = {
  notify: () => {},
  sessionEnded: () => {},
  navigate: () => {},
  newBuild: () => {},
};

export function installApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON, or for uploads a FormData (multipart) or Blob (raw bytes, sent with the Blob's type). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Handle errors yourself: no toast, no navigation (the caller shows the message inline). */
  silent?: boolean;
  /** Show the server's message as a Success toast after a write. */
  successToast?: boolean;
}

let lastActivity = Date.now();
let expiredShown = false;

/** Called when a session starts, so the local idle clock restarts. */
export function markActivity(): void {
  lastActivity = Date.now();
  expiredShown = false;
}

/** A session idle longer than the server allows is over locally too: say so once. */
export function checkLocalExpiry(signedIn: boolean): boolean {
  if (!signedIn || Date.now() - lastActivity <= SESSION_IDLE_MS) return false;
  if (!expiredShown) {
    expiredShown = true;
    handlers.sessionEnded('expired');
  }
  return true;
}

/**
 * The one request wrapper: /api/{name} with a timestamp parameter, the session cookie,
 * the envelope read for status/message/data, and the shared error handling of section 8.
 */
export async function api<T>(name: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  params.set('_', String(Date.now()));
  // Uploads go as they are: the browser sets the multipart boundary or the Blob's type.
  const raw = options.body instanceof FormData || options.body instanceof Blob;
  let response: Response;
  try {
    response = await fetch(`/api/${name.replace(/^\//, '')}?${params}`, {
      method,
      credentials: 'same-origin',
      headers: options.body === undefined || raw ? {} : { 'content-type': 'application/json' },
      body:
        options.body === undefined
          ? undefined
          : raw
            ? (options.body as FormData | Blob)
            : JSON.stringify(options.body),
    });
  } catch {
    const error = new ApiError(MSG.HTTP_FAILURE, 0);
    if (!options.silent) handlers.notify('error', MSG.HTTP_FAILURE);
    throw error;
  }
  lastActivity = Date.now();
  const version = response.headers.get(VERSION_HEADER);
  if (version && __APP_VERSION__ !== 'dev' && version !== __APP_VERSION__) handlers.newBuild();

  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.status !== 'string') {
    const message = `${response.statusText || `HTTP ${response.status}`}: ${MSG.HTTP_FAILURE}`;
    if (!options.silent) handlers.notify('error', message);
    throw new ApiError(message, response.status);
  }
  if (envelope.status === 'success' && response.ok) {
    if (options.successToast && method !== 'GET' && envelope.message)
      handlers.notify('success', envelope.message);
    return envelope.data;
  }
  const error = new ApiError(envelope.message, response.status, envelope.data);
  handleError(error, method, options.silent === true);
  throw error;
}

/** How a call's errors and success are shown (see RequestOptions). */
export type CallOptions = Pick<RequestOptions, 'silent' | 'successToast'>;

/**
 * Calls an endpoint by its contract (packages/shared/src/contracts): the path with its
 * parameters, the query and the body the contract declares, and the answer typed by the
 * contract's answer schema. The one way for a feature's queries.ts to reach the server.
 */
export function call<C extends EndpointContract>(
  contract: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<AnswerOf<C>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: object;
    body?: unknown;
  };
  return api<AnswerOf<C>>(pathOf(contract, params), {
    ...options,
    method: contract.method,
    query: query as RequestOptions['query'],
    body,
  });
}

function handleError(error: ApiError, method: string, silent: boolean): void {
  switch (error.message) {
    case MSG.RELOGIN_CODE:
      handlers.sessionEnded('relogin');
      return;
    case MSG.SESSION_EXPIRED_CODE:
      handlers.sessionEnded('expired');
      return;
    case MSG.BAD_TOKEN:
      handlers.sessionEnded('invalid');
      return;
    case MSG.NO_TOKEN:
      handlers.sessionEnded('missing');
      return;
    case MSG.UNAUTHORIZED: {
      // The page table may send the caller elsewhere (a Pre-Active parent: /notpaid).
      const redirect = (error.data as { redirect?: unknown } | null)?.redirect;
      handlers.navigate(typeof redirect === 'string' && redirect.startsWith('/') ? redirect : '/unauthorize');
      return;
    }
    case MSG.NO_MANAGER_CODE:
      handlers.navigate('/noportfolio/2');
      return;
  }
  if (silent) return;
  if (error.message) handlers.notify('error', error.message, 'Error');
  else if (method === 'GET') handlers.notify('error', MSG.GENERIC_GET_FAILURE, 'Error');
}

/** Saves a file the browser holds as a download, through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * POSTs to a file route (a streamed CSV export) and saves the answer as a download. A refusal
 * comes back as the usual envelope and is handled like any other call's. A successful envelope
 * instead of a file means there was nothing to download: its message is shown as a warning
 * (error catalogue) and the answer is false.
 */
export async function apiDownload(
  name: string,
  body: unknown,
  fallbackName: string,
  method: 'GET' | 'POST' = 'POST',
): Promise<boolean> {
  let response: Response;
  const path = name.replace(/^\//, '');
  try {
    // A GET export carries its filters in `name`'s query string; `body` is then unused.
    response = await fetch(`/api/${path}${path.includes('?') ? '&' : '?'}_=${Date.now()}`, {
      method,
      credentials: 'same-origin',
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
  } catch {
    handlers.notify('error', MSG.HTTP_FAILURE);
    throw new ApiError(MSG.HTTP_FAILURE, 0);
  }
  lastActivity = Date.now();
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    let envelope: Envelope | null = null;
    try {
      envelope = (await response.json()) as Envelope;
    } catch {
      envelope = null;
    }
    if (response.ok && envelope?.status === 'success') {
      handlers.notify('warning', envelope.message || MSG.NO_DATA);
      return false;
    }
    const error = new ApiError(
      envelope?.message || MSG.HTTP_FAILURE,
      response.status,
      envelope?.data ?? null,
    );
    handleError(error, 'POST', false);
    throw error;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), fileName);
  return true;
}

/** Handles an error of a call made with `silent` as the wrapper would have (toast, redirects). */
export function reportApiError(error: unknown): void {
  if (error instanceof ApiError) handleError(error, 'POST', false);
}
