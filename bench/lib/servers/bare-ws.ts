/**
 * Child process of `startBareWsServer` (lib/bare-servers.ts): a raw `ws` server, the floor the
 * game hub's fan-out sits on. A client joins the group named by the query parameter `group` when it connects;
 * every text message a client sends is answered to it with the 2 bytes `ok` (the hub's result) and sent, as it
 * came, to every member of its group, the sender included (the hub's event). No framing, no parsing, no checks.
 * Env: PORT. Prints `listening <port>` once it accepts connections; closes on SIGTERM or SIGINT.
 */
import http from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

const ACK = 'ok';

const groups = new Map<string, Set<WebSocket>>();
const server = http.createServer((_request, response) => {
  response.writeHead(404).end();
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });

wss.on('connection', (socket, request) => {
  const group = new URL(request.url ?? '/', 'http://localhost').searchParams.get('group') ?? '';
  let members = groups.get(group);
  if (!members) {
    members = new Set();
    groups.set(group, members);
  }
  const own = members;
  own.add(socket);
  socket.on('message', (data, isBinary) => {
    socket.send(ACK);
    for (const member of own) member.send(data, { binary: isBinary });
  });
  socket.on('error', () => socket.terminate());
  socket.on('close', () => {
    own.delete(socket);
    if (own.size === 0) groups.delete(group);
  });
});

const stop = () => {
  for (const client of wss.clients) client.terminate();
  wss.close();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${address && typeof address === 'object' ? address.port : ''}`);
});
