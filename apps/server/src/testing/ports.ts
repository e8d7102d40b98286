import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A TCP port on 127.0.0.1 that nothing listens on (now): for a server to start on, or a client to fail against. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Makes the app listen on a port of its own on 127.0.0.1, for clients that need a real connection; answers the port. */
export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}
