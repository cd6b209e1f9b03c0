import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Auth } from './auth-context.js';
import { installErrorHandler } from './envelope.js';
import { callRoutes, jsonRoute } from './routes.js';

const caller = { userId: 7, centerId: 1 } as Auth;

/** A bare app with one jsonRoute per case; `x-user` set means signed in as `caller`. */
async function appWithRoutes() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = request.headers['x-user'] ? caller : null;
  });
  installErrorHandler(app);
  const declared: { url: string; method: unknown; config: unknown }[] = [];
  app.addHook('onRoute', (r) => {
    declared.push({ url: r.url, method: r.method, config: r.config });
  });
  const seen: unknown[] = [];
  jsonRoute(app, 'POST /echo/:id', ['search'], {
    summary: 'Echoes what it read',
    params: z.object({ id: z.coerce.number().int() }),
    body: z.object({ name: z.string() }),
    data: z.object({ id: z.number(), name: z.string(), userId: z.number() }),
    run: async (auth, { params, body }) => ({ id: params.id, name: body.name, userId: auth.userId }),
    message: (answer) => `hello ${answer.name}`,
  });
  jsonRoute(app, 'DELETE /thing', ['search'], {
    summary: 'Answers no data',
    querystring: z.object({ q: z.string() }),
    data: null,
    run: async (_auth, { query }) => {
      seen.push(query.q);
    },
    message: 'Removed.',
  });
  await app.ready();
  return { app, seen, declared };
}

describe('jsonRoute', () => {
  it('parses params and body, runs with the caller and answers the envelope with the message', async () => {
    const { app } = await appWithRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/echo/5',
      payload: { name: 'Ann' },
      headers: { 'x-user': '1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'hello Ann',
      data: { id: 5, name: 'Ann', userId: 7 },
    });
    await app.close();
  });

  it('answers data null for a route without data, and 400 for input its schema refuses', async () => {
    const { app, seen } = await appWithRoutes();
    const res = await app.inject({ method: 'DELETE', url: '/thing?q=x', headers: { 'x-user': '1' } });
    expect(res.json()).toEqual({ status: 'success', message: 'Removed.', data: null });
    expect(seen).toEqual(['x']);
    const bad = await app.inject({
      method: 'POST',
      url: '/echo/5',
      payload: { name: 3 },
      headers: { 'x-user': '1' },
    });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });

  it('answers 401 without a session and declares the pages that may call it', async () => {
    const { app, declared } = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/echo/5', payload: { name: 'Ann' } });
    expect(res.statusCode).toBe(401);
    expect(declared).toContainEqual({
      url: '/echo/:id',
      method: 'POST',
      config: { access: { pages: ['search'] } },
    });
    await app.close();
  });
});

describe('callRoutes', () => {
  /** A bare app with a two-row table: a GET (body null) and a POST whose message reads the body. */
  async function appWithTable() {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = request.headers['x-user'] ? caller : null;
    });
    installErrorHandler(app);
    const declared: { url: string; method: unknown; config: unknown }[] = [];
    app.addHook('onRoute', (r) => {
      declared.push({ url: r.url, method: r.method, config: r.config });
    });
    const deps = { prefix: 'n-' };
    callRoutes(app, deps, { pages: ['search'] }, [
      [
        '/count',
        'Counts',
        null,
        z.object({ n: z.number() }),
        undefined,
        async (_d, auth) => ({ n: auth.userId }),
      ],
      [
        '/name',
        'Names',
        z.object({ name: z.string() }),
        null,
        (b) => `named ${b.name}`,
        async (d, _auth, b) => `${d.prefix}${b.name}`,
      ],
    ]);
    await app.ready();
    return { app, declared };
  }

  it('registers a GET for a row without body and a POST for a row with one, with the access', async () => {
    const { app, declared } = await appWithTable();
    expect(declared).toContainEqual({
      url: '/count',
      method: 'GET',
      config: { access: { pages: ['search'] } },
    });
    expect(declared).toContainEqual({
      url: '/name',
      method: 'POST',
      config: { access: { pages: ['search'] } },
    });
    const got = await app.inject({ method: 'GET', url: '/count', headers: { 'x-user': '1' } });
    expect(got.json()).toEqual({ status: 'success', message: '', data: { n: 7 } });
    await app.close();
  });

  it('answers data null without an answer schema, the message from the body, 400 and 401', async () => {
    const { app } = await appWithTable();
    const headers = { 'x-user': '1' };
    const res = await app.inject({ method: 'POST', url: '/name', payload: { name: 'Ann' }, headers });
    expect(res.json()).toEqual({ status: 'success', message: 'named Ann', data: null });
    const bad = await app.inject({ method: 'POST', url: '/name', payload: { name: 3 }, headers });
    expect(bad.statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'POST', url: '/name', payload: { name: 'Ann' } });
    expect(anonymous.statusCode).toBe(401);
    await app.close();
  });
});
