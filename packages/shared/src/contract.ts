import type { z } from 'zod';
import type { PageKey } from './pages.js';

/**
 * Who may call an endpoint. Every endpoint declares one; the server checks it before the handler
 * runs, and the OpenAPI document shows it.
 * - public: anyone, signed in or not
 * - signedIn: any signed-in user whatever the role (`sessionUser`: the route answers the session
 *   user, which the session lookup then reads in the same statement)
 * - pages: the roles that may open one of these pages (the shared role -> page table); `reads`: a
 *   POST that only reads (a search list), which read-only API keys may call
 */
export type EndpointAccess =
  | { public: true }
  | { signedIn: true; sessionUser?: true }
  | { pages: readonly PageKey[]; reads?: true };

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint, declared once for both sides: the server registers its route from it (schemas,
 * access, OpenAPI) and the web calls it with `call(contract, input)`, typed by it.
 */
export interface EndpointContract {
  method: EndpointMethod;
  /** The path under /api, with `:name` for each path parameter (`/getcustomizedquestiondetails/:id`). */
  path: `/${string}`;
  access: EndpointAccess;
  /** The OpenAPI summary: what the endpoint does, in a line. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The schema of the answer's `data`; null when the answer carries none (data: null). */
  data: z.ZodType | null;
}

/** Declares an endpoint; keeps its literal types so both sides read the exact schemas. */
export function endpoint<const C extends EndpointContract>(contract: C): C {
  return contract;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler reads of a request, parsed by the contract's schemas. */
export interface ParsedRequest<C extends EndpointContract> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
  ip: string;
}

/** What a handler answers: the data the contract's answer schema accepts (anything, ignored, when none). */
export type HandlerAnswer<C extends EndpointContract> = C['data'] extends z.ZodType
  ? z.input<C['data']>
  : unknown;

/** What a caller gets back: the answer's data as the server serializes it. */
export type AnswerOf<C extends EndpointContract> = C['data'] extends z.ZodType ? z.output<C['data']> : null;

type Part<K extends string, S> = S extends z.ZodType ? { [P in K]: Sent<S> } : { [P in K]?: undefined };

/** What a caller sends: the path parameters, query and body the contract declares, each required. */
export type CallInput<C extends EndpointContract> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  Part<'body', C['body']>;

/**
 * The path of a call: each `:name` of the contract's path replaced by its parameter, encoded.
 * A missing parameter is a programming error, not a request to send.
 */
export function pathOf(contract: EndpointContract, params: Record<string, unknown> | undefined): string {
  return contract.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${contract.method} ${contract.path}: path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}
