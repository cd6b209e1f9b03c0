import { type Envelope, MSG } from '@dm/shared';
import { vi } from 'vitest';

/** One answer of the stubbed API: the HTTP status, the body (an envelope, or raw) and headers. */
export interface StubReply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface StubRequest {
  name: string;
  method: string;
  body: unknown;
  query: URLSearchParams;
}

/**
 * Answers by API name (`authenticate`, `terms`, ...): a fixed reply or one computed per request;
 * a computed one may be a promise, so a test can hold an answer back while it looks at the screen.
 */
export type StubRoutes = Record<
  string,
  StubReply | ((request: StubRequest) => StubReply | Promise<StubReply>)
>;

export function ok<T>(data: T, message = ''): StubReply {
  return { body: { status: 'success', message, data } satisfies Envelope<T> };
}

export function fail(status: number, message: string, data: unknown = null): StubReply {
  return { status, body: { status: 'error', message, data } satisfies Envelope };
}

const DEFAULT_ROUTES: StubRoutes = {
  me: fail(401, MSG.NO_TOKEN),
  getcurrentyearandagencydata: ok({
    agency: {
      centerId: 1,
      name: 'Test Agency',
      appTitle: 'Test Donors',
      metaDesc: '',
      logoUrl: null,
      preActiveAccess: false,
      consumerSite: false,
    },
    year: 2026,
  }),
  // The header's notification bell asks on every signed-in page.
  getnotifications: ok({ items: [], unread: 0 }),
};

/**
 * Replaces `fetch` for this test with the given routes (over the defaults: nobody signed in,
 * a test agency). Returns the requests made, in order.
 */
export function stubApi(routes: StubRoutes = {}): StubRequest[] {
  const requests: StubRequest[] = [];
  const all = { ...DEFAULT_ROUTES, ...routes };
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = url.pathname.replace(/^\/api\//, '');
    const request: StubRequest = {
      name,
      method: init?.method ?? 'GET',
      // JSON is parsed; an upload's FormData or Blob is passed on as it is.
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined),
      query: url.searchParams,
    };
    requests.push(request);
    const route = all[name];
    const reply = typeof route === 'function' ? await route(request) : (route ?? fail(404, MSG.NOT_FOUND));
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}
