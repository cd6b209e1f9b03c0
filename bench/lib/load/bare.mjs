// The reference the load bench compares with: a bare Fastify hello world, same Node, same machine,
// measured with the same autocannon settings. PORT picks the port.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3211), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
