import autocannon from 'autocannon';

// One autocannon run (its programmatic API) and what the table shows of it.

export interface Target {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface CannonResult {
  /** 2xx answers a second (the others are counted apart and make the row fail). */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
}

export interface CannonSettings {
  connections: number;
  seconds: number;
}

/** Runs autocannon against `target` on every base url (the connections spread over them). */
export async function fire(baseUrls: string[], target: Target, s: CannonSettings): Promise<CannonResult> {
  const urls = baseUrls.map((u) => u + target.path);
  const result = await autocannon({
    // More than one url is allowed (autocannon spreads the connections over them); the types
    // only know one.
    url: (urls.length === 1 ? urls[0] : urls) as string,
    connections: s.connections,
    duration: s.seconds,
    method: target.method,
    headers: {
      ...(target.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...target.headers,
    },
    ...(target.body !== undefined ? { body: JSON.stringify(target.body) } : {}),
    timeout: 10,
  });
  const ok = result['2xx'];
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
  };
}
