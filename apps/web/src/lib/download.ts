import { apiRequest } from './api-client.ts';
import type { HostKey } from './runtime-config.ts';

/**
 * Downloads a file that needs the session (a build), and saves it under `fileName`. `path` is a path on `host`, or
 * a URL the file host issued (whose origin is dropped: the runtime config names the host).
 */
export async function downloadFile(path: string, fileName: string, host: HostKey = 'files'): Promise<void> {
  const blob = await apiRequest<Blob>(path.replace(/^https?:\/\/[^/]+/, ''), { host, as: 'blob' });
  saveFile(blob, fileName);
}

/** Saves `blob` as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
