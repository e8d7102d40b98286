import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BareRoute, startBareServer } from './bare-route.ts';

const CHILD_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-upload-server.ts');

/**
 * Starts a bare Fastify server in its own process whose one POST route at `route` streams the file part of a
 * multipart request to a new file in a temporary directory (removed on close) and answers 200 with the bytes on
 * disk once the file is written: the floor any upload handler sits on.
 */
export function startBareUploadRoute(route: string): Promise<BareRoute> {
  return startBareServer(CHILD_SCRIPT, (dir) => ({ BARE_UPLOAD_DIR: dir, BARE_ROUTE: route }));
}
