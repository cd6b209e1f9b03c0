import { existsSync } from 'node:fs';
import path from 'node:path';
import { VERSION_HEADER } from '@dm/shared';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { presenceAudience, registerModules } from './modules/index.js';
import { donorSearchIndex } from './modules/search/search.index.js';
import { API_KEY_SCHEME_DESCRIPTION, apiKeyAccessOf } from './platform/api-key-auth.js';
import { installAccessHook } from './platform/auth-context.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import { SecretBox } from './platform/crypto.js';
import type { Database } from './platform/db.js';
import type { ModuleDeps } from './platform/deps.js';
import { installErrorHandler } from './platform/envelope.js';
import { installSecurityHeaders } from './platform/headers.js';
import { installInputGuard } from './platform/input-guard.js';
import { type MailTransportFactory, smtpTransportFactory } from './platform/mail-transport.js';
import { installMetrics } from './platform/metrics.js';
import { installOriginCheck } from './platform/origin-check.js';
import { Readiness } from './platform/readiness.js';
import type { Realtime } from './platform/realtime.js';
import { createSocketRealtime, type PresenceAudience } from './platform/realtime-socket.js';
import { installRequestIdHeader, RequestLog, requestForLog, requestIdOf } from './platform/request-log.js';
import { compiledSerializerCompiler } from './platform/serializer.js';
import type { FileStorage } from './platform/storage.js';
import { openFileStorage } from './platform/storage-config.js';

/** Everything the app needs from outside; tests pass their own database, clock and mail transport. */
export interface AppDeps {
  database: Database;
  config: Config;
  clock?: Clock;
  mailTransport?: MailTransportFactory;
  /**
   * Tests pass a recording one (`recordingRealtime()`) to read what was pushed; without it the app
   * serves the socket server (platform/realtime-socket.ts) on its own HTTP server.
   */
  realtime?: Realtime;
  logger?: FastifyServerOptions['logger'];
  /** The file store; without it the app opens the one the config names (storage-config.ts). */
  storage?: FileStorage;
  /**
   * What main.ts marks as its start goes on and the shutdown marks when it begins; without it the
   * app counts as started (whoever built it migrated first).
   */
  readiness?: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app pushes events with (`ModuleDeps.realtime`): tests and the bench emit through it. */
    realtime: Realtime;
  }
}

/** The routes that end the caller's own session (auth module): its sockets are disconnected. */
const SESSION_ENDING_ROUTES = new Set(['/api/logoutuser', '/api/authadmin', '/api/switchback']);

/** Paths whose values must never reach a log line. */
const REDACT = [
  'req.headers["x-access-token"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/**
 * X-Forwarded-For only from the proxies TRUST_PROXY names; otherwise any client could forge its
 * address past the per-address limits and into sessions and the audit log. Fastify answers a
 * numeric trustProxy by trusting no hop at all, so a hop count is given as the function
 * proxy-addr would compile for it: the first n hops in front of the app are proxies.
 */
function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** A build file named by its content hash (Vite's assets/[name]-[hash].[ext]): it never changes. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9.]+$/;

/**
 * How long a browser keeps a file of the web app (issue 17): the hashed build files for good, so a
 * reload or the next visit asks the (possibly busy) server only for index.html and the API; the
 * rest (index.html, which names the current files, the icon) is asked for again each time.
 */
export function webCacheControl(webDist: string, filePath: string): string {
  const file = path.relative(webDist, filePath).split(path.sep).join('/');
  return HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    // Registering every module's routes and schemas takes a few seconds; on a busy machine it
    // exceeded Fastify's default 10 s and the app refused to start.
    pluginTimeout: 60_000,
    // One line per request, written when it is answered, instead of Fastify's two.
    logController: new RequestLog(),
    // The request id on every log line of a request and in its answer (request-log.ts).
    genReqId: requestIdOf,
    ...(deps.logger
      ? {
          logger: {
            level: deps.config.logLevel,
            redact: REDACT,
            serializers: { req: requestForLog },
            // Tests pass { stream } to read the log lines.
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
          },
        }
      : {}),
  });
  installRequestIdHeader(app);
  app.setValidatorCompiler(validatorCompiler);
  // Answers: fast-json-stringify compiled from each route's zod schema (only declared fields).
  app.setSerializerCompiler(compiledSerializerCompiler);

  // The socket server shares the app's HTTP server (and port): it answers /api/socket.io as soon as
  // the app listens. Who may see a user's presence is the modules' answer, known once they have
  // their deps.
  let audience: PresenceAudience = async () => [];
  const socketRealtime = deps.realtime
    ? null
    : await createSocketRealtime({
        server: app.server,
        db: deps.database.db,
        clock: deps.clock ?? systemClock,
        publicUrl: deps.config.publicUrl,
        redisUrl: deps.config.redisUrl,
        presenceAudience: (userId) => audience(userId),
        log: app.log,
      });
  const realtime = deps.realtime ?? socketRealtime!;
  app.decorate('realtime', realtime);
  // GET /metrics (METRICS_TOKEN): its request hooks before any route, its gauges read on scrape.
  const clock = deps.clock ?? systemClock;
  app.decorate(
    'metrics',
    installMetrics(app, deps.config.metricsToken, () => ({
      database: deps.database,
      clock,
      realtime,
      searchIndex: () => {
        const index = donorSearchIndex(deps.database.db);
        return { rows: index.size, lagSeconds: () => index.lagSeconds() };
      },
      log: app.log,
    })),
  );
  // Closing the app (graceful shutdown, tests) disconnects the sockets before the server closes,
  // or their open connections would hold the close.
  app.addHook('preClose', async () => realtime.close());
  if (socketRealtime) {
    // Signing out (or switching user) ends this session: its sockets go at once, in every
    // process. A password change ends the user's other sessions through `realtime.endSessions`
    // (modules/account); sessions ended otherwise (archive) go at the periodic re-check.
    // Synchronous (done): an async hook costs a promise on every request, GETs included.
    app.addHook('onResponse', (request, reply, done) => {
      if (
        request.method === 'POST' &&
        reply.statusCode < 400 &&
        request.auth &&
        SESSION_ENDING_ROUTES.has(request.routeOptions.url ?? '')
      ) {
        socketRealtime.endSession(request.auth.sessionId);
      }
      done();
    });
  }

  const moduleDeps: ModuleDeps = {
    db: deps.database.db,
    database: deps.database,
    config: deps.config,
    clock: deps.clock ?? systemClock,
    secrets: new SecretBox(deps.config.appSecret),
    mailTransport: deps.mailTransport ?? smtpTransportFactory,
    realtime,
    storage: deps.storage ?? (await openFileStorage(deps.config)),
    readiness: deps.readiness ?? new Readiness({ ready: true }),
  };
  audience = presenceAudience(moduleDeps);

  await app.register(fastifyCookie);
  // Security headers on every answer, the web app's files and errors included (issue 16), the
  // build's version, and no-store on API answers unless the route chose otherwise (a donor's
  // photo or file bytes: private, short-lived).
  installSecurityHeaders(app, {
    publicUrl: deps.config.publicUrl,
    always: [[VERSION_HEADER, deps.config.version]],
    stripe: deps.config.paymentProvider === 'stripe',
  });
  app.addHook('onRoute', (route) => {
    // The docs routes serve the OpenAPI UI itself: public. Added before the docs are registered,
    // or their routes miss it and answer 403.
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), access: { public: true } };
    }
    const access = route.config?.access;
    if (!access || !route.url.startsWith('/api/')) return;
    const requirement =
      'public' in access
        ? 'public'
        : 'signedIn' in access
          ? 'any signed-in user'
          : `pages: ${access.pages.join(', ')}`;
    // Agency API keys (issue 24, decision 028): the routes of pages that are not personal.
    const keys = apiKeyAccessOf(access, [route.method].flat()[0] ?? 'GET');
    route.schema = {
      ...(route.schema ?? {}),
      ...('public' in access
        ? {}
        : { security: [{ token: [] }, { cookie: [] }, ...(keys ? [{ apiKey: [] }] : [])] }),
      description: [route.schema?.description, `Access: ${requirement}.`, keys ? `API keys: ${keys}.` : '']
        .filter(Boolean)
        .join(' '),
    };
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Donor matching API', version: deps.config.version },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'x-access-token' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'dm_session' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'dmk_<id>_<secret>',
            description: API_KEY_SCHEME_DESCRIPTION,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  installErrorHandler(app);
  installOriginCheck(app, deps.config.publicUrl);
  installAccessHook(app, moduleDeps.db, moduleDeps.clock, deps.database.changes);
  installInputGuard(app);

  await app.register(async (api) => registerModules(api, moduleDeps), { prefix: '/api' });
  app.get('/api/openapi.json', { config: { access: { public: true } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const webDist = deps.config.webDist;
  if (webDist && existsSync(webDist)) {
    // The built web app is public; its routes are declared so the access hook lets them through.
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), access: { public: true } };
      });
      await web.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: ['index.html'],
        // The build writes .br and .gz beside each text file (scripts/compress-web.mjs): the
        // browser gets the compressed copy it accepts, nothing is compressed per request.
        preCompressed: true,
        setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(webDist, filePath)),
      });
      web.get('/*', { schema: { hide: true } }, (request, reply) => {
        if (request.url.startsWith('/api/')) {
          return reply.code(404).send({ status: 'error', message: 'Not found.', data: null });
        }
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    });
  }
  return app;
}
