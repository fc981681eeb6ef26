import Fastify from 'fastify';

/**
 * The floor: a bare Fastify app with one route, run as its own process like the real server. It shows what
 * the framework and loopback allow on this machine, so init's figures read as a share of that rather than
 * as absolute numbers that only mean something on the machine that produced them.
 */
const port = Number(process.env.PORT ?? '0');
const host = process.env.HOST ?? '127.0.0.1';

// The same envelope shape the API answers, so the bytes on the wire are of the same kind.
const FLOOR_BODY = { code: 0, msg: 'ok', data: { floor: true } };

const app = Fastify({ logger: false });
app.get('/floor', () => FLOOR_BODY);

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

await app.listen({ port, host });
