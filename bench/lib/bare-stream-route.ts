import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BareRoute, startBareServer } from './bare-route.ts';

const CHILD_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-stream-server.ts');

/**
 * Starts a bare Fastify server in its own process whose one GET route at `route` streams `body`, written to a file
 * in a temporary directory (removed on close), with `contentType`: the floor any handler streaming these bytes sits
 * on.
 */
export function startBareStreamRoute(route: string, body: Buffer, contentType: string): Promise<BareRoute> {
  return startBareServer(CHILD_SCRIPT, (dir) => {
    const bodyFile = path.join(dir, 'body');
    writeFileSync(bodyFile, body);
    return { BARE_BODY_FILE: bodyFile, BARE_CONTENT_TYPE: contentType, BARE_ROUTE: route };
  });
}
