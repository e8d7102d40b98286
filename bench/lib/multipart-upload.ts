import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';

export interface UploadAnswer {
  status: number;
  body: string;
  seconds: number;
}

/**
 * A multipart upload of `chunks` as one part `file`, with chunked transfer encoding, writing only as fast as the
 * socket drains; timed from the request's start to the end of its answer.
 */
export async function uploadMultipart(
  url: string,
  token: string,
  chunks: readonly Buffer[],
  part: { fileName: string; contentType: string },
): Promise<UploadAnswer> {
  const boundary = `----portal-bench-${randomBytes(12).toString('hex')}`;
  const started = process.hrtime.bigint();
  const request = http.request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (data: Buffer) => parts.push(data));
      response.once('error', reject);
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }),
      );
    });
  });
  // Settles when the server answers (possibly early, refusing the upload), so a pending 'drain' cannot hang us.
  const answeredOrFailed = answered.then(
    () => 'answered' as const,
    () => 'answered' as const,
  );
  const write = async (data: Buffer | string): Promise<boolean> => {
    if (request.write(data)) return true;
    const winner = await Promise.race([once(request, 'drain').then(() => 'drained' as const), answeredOrFailed]);
    return winner === 'drained';
  };

  let open = await write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.fileName}"\r\n` +
      `Content-Type: ${part.contentType}\r\n\r\n`,
  );
  for (const chunk of chunks) {
    if (!open) break;
    open = await write(chunk);
  }
  if (open) request.end(`\r\n--${boundary}--\r\n`);
  const answer = await answered;
  return { ...answer, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}
