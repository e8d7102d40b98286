/**
 * Child process of `startBareRoute` (bare-route.ts): a bare Fastify server with one GET route that answers every
 * request with the same bytes. Env: BARE_BODY_FILE (the body), BARE_CONTENT_TYPE, BARE_ROUTE, PORT. Prints
 * `listening <port>` once it accepts connections.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodyFile = process.env.BARE_BODY_FILE;
const contentType = process.env.BARE_CONTENT_TYPE;
const route = process.env.BARE_ROUTE ?? '/';
if (!bodyFile || !contentType) throw new Error('BARE_BODY_FILE and BARE_CONTENT_TYPE are required');
const body = readFileSync(bodyFile);

const app = Fastify({ logger: false });
app.get(route, (_request, reply) => {
  reply.type(contentType).send(body);
});

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.log(`listening ${address && typeof address === 'object' ? address.port : ''}`);
