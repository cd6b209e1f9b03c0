import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from './envelope.js';
import { publicRoute, type RouteApp } from './routes.js';
import { answerJsonSchema, compiledSerializerCompiler } from './serializer.js';

const card = z.object({
  id: z.number(),
  name: z.string().nullable(),
  tags: z.array(z.object({ name: z.string(), share: z.number() })),
  center: z.object({ id: z.number(), title: z.string() }).nullable(),
  counts: z.record(z.string(), z.object({ n: z.number() })),
  kind: z.union([
    z.object({ a: z.literal('x'), x: z.number() }),
    z.object({ a: z.literal('y'), y: z.string() }),
  ]),
});
const answer = z.object({ rows: z.array(card), total: z.number() });

/** Every object of the answer carries a field its schema does not declare. */
const leaky = {
  total: 1,
  secret: 'TOP-LEVEL-LEAK',
  rows: [
    {
      id: 7,
      name: null,
      ssn: 'ROW-LEAK',
      tags: [{ name: 't', share: 50, hidden: 'ITEM-LEAK' }],
      center: { id: 3, title: 'C', token: 'NESTED-LEAK' },
      counts: { k: { n: 1, otp: 'RECORD-LEAK' } },
      kind: { a: 'y', y: 'ok', password: 'UNION-LEAK' },
    },
  ],
};

const serializerFor = (schema: z.ZodType) =>
  compiledSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    d: unknown,
  ) => string;

describe('the compiled answer serializer', () => {
  it('writes what the zod serializer wrote, without the undeclared fields', () => {
    const out = serializerFor(envelope(answer))({
      status: 'success',
      message: '',
      data: leaky,
      extra: 'ENVELOPE-LEAK',
    });
    expect(out).not.toMatch(/LEAK/);
    expect(JSON.parse(out)).toEqual({ status: 'success', message: '', data: answer.parse(leaky) });
  });

  it('fails an answer that lacks a required field, as the zod serializer did', () => {
    expect(() => serializerFor(answer)({ rows: [] })).toThrow();
  });

  it('compiles nullable primitives to a type list (no per-value branch choice)', () => {
    const json = answerJsonSchema(z.object({ a: z.string().nullable() })) as {
      properties: { a: unknown };
    };
    expect(json.properties.a).toEqual({ type: ['string', 'null'] });
  });

  it('keeps the zod serializer for schemas JSON Schema cannot express', () => {
    const dated = z.object({ at: z.date() });
    expect(answerJsonSchema(dated)).toBeNull();
    const out = serializerFor(dated)({ at: new Date('2026-01-02T03:04:05.000Z'), leak: 'LEAK' });
    expect(out).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
    expect(() => serializerFor(dated)({ at: 'not a date' })).toThrow();
  });

  it('drops undeclared fields of a route answer through the app', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(compiledSerializerCompiler);
    publicRoute(app as unknown as RouteApp, 'GET /leaky', {
      summary: 'an answer with undeclared fields',
      data: answer,
      run: async () => leaky as z.input<typeof answer>,
    });
    const res = await app.inject({ method: 'GET', url: '/leaky' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/LEAK/);
    expect(res.json().data.rows[0]).toEqual({
      id: 7,
      name: null,
      tags: [{ name: 't', share: 50 }],
      center: { id: 3, title: 'C' },
      counts: { k: { n: 1 } },
      kind: { a: 'y', y: 'ok' },
    });
  });
});
