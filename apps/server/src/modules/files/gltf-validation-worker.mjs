// Runs Khronos' reference glTF validator over one stored .glb, in a worker thread of its own: the file's bytes and
// the validator's heap live and die here, never in the thread that serves requests. Plain JavaScript, so that it
// starts without the TypeScript loader (under tsx and in tests alike).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const validator = createRequire(import.meta.url)('gltf-validator');

/** Issues the validator reports at most: past this it stops listing (and says it truncated), bounding its output. */
const MAX_ISSUES = 1000;

/** @param {{ filePath: string, keep: number }} data */
async function validate({ filePath, keep }) {
  const bytes = await readFile(filePath).catch(() => {
    throw new Error('the stored file could not be read');
  });
  const report = await validator
    .validateBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), {
      format: 'glb',
      maxIssues: MAX_ISSUES,
      writeTimestamp: false,
      // a .glb must carry every buffer and image: a reference to anything outside it is an error, never a fetch
      externalResourceFunction: (uri) => Promise.reject(new Error(`External resource refused: ${uri}`)),
    })
    .catch((error) => {
      throw new Error(`it could not read the model (${String(error?.message ?? error).slice(0, 200)})`);
    });
  const issues = report.issues ?? {};
  const messages = Array.isArray(issues.messages) ? issues.messages : [];
  const serious = messages.filter((message) => message.severity === 0 || message.severity === 1);
  // errors first: when messages are cut, the ones that block a submission stay
  const ordered = [
    ...serious.filter((message) => message.severity === 0),
    ...serious.filter((message) => message.severity === 1),
  ];
  const info = report.info ?? null;
  const images = (Array.isArray(info?.resources) ? info.resources : [])
    .map((resource) => resource?.image)
    .filter((image) => image && Number.isFinite(image.width) && Number.isFinite(image.height))
    .map((image) => ({ width: image.width, height: image.height }));
  return {
    validatorVersion: String(report.validatorVersion ?? validator.version()),
    counts: {
      errors: issues.numErrors ?? 0,
      warnings: issues.numWarnings ?? 0,
      infos: issues.numInfos ?? 0,
      hints: issues.numHints ?? 0,
    },
    isTruncated: Boolean(issues.truncated),
    messages: ordered.slice(0, keep).map((message) => ({
      code: String(message.code),
      message: String(message.message),
      severity: message.severity,
      pointer: typeof message.pointer === 'string' ? message.pointer : undefined,
    })),
    omitted: Math.max(0, ordered.length - keep),
    info: info && {
      drawCallCount: info.drawCallCount ?? null,
      totalTriangleCount: info.totalTriangleCount ?? null,
      totalVertexCount: info.totalVertexCount ?? null,
      images,
    },
  };
}

validate(workerData).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error) => parentPort?.postMessage({ ok: false, message: String(error?.message ?? error).slice(0, 300) }),
);
