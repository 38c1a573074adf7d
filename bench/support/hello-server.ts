import Fastify from 'fastify';

/**
 * The baseline of the throughput bench: a bare Fastify hello-world (no logger, no plugins),
 * run in its own process like the real server. Prints its port once listening.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${address}`);
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
