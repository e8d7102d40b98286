// Uploads with progress: XMLHttpRequest through the one client's token, overlay and errors (api-client.ts). A module
// of its own, loaded with the pages that upload: the first visit of a public page downloads none of it.
import { ApiError, authorizationHeaders, FALLBACK_MESSAGE, toApiError, withLoading } from './api-client.ts';
import { type HostKey, hostUrl } from './runtime-config.ts';

export interface UploadOptions {
  /** The file host unless told otherwise. */
  host?: HostKey;
  /** The multipart part that carries the file. */
  fieldName?: string;
  signal?: AbortSignal;
  /** Skip the loading overlay. */
  background?: boolean;
  /** Percent of the request body sent, 0 to 100, and how many bytes of the file that makes, about. */
  onProgress?: (percent: number, sentBytes: number) => void;
}

/** Sends a multipart body by XMLHttpRequest, the only browser API that reports upload progress. */
function sendMultipart(
  url: string,
  body: FormData,
  headers: Record<string, string>,
  fileSize: number,
  { signal, onProgress }: Pick<UploadOptions, 'signal' | 'onProgress'>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    // the body is the file and a few hundred bytes of multipart framing: its share sent is the file's
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total <= 0) return;
      const share = Math.min(1, event.loaded / event.total);
      onProgress?.(Math.round(share * 100), Math.round(share * fileSize));
    };
    xhr.upload.onload = () => onProgress?.(100, fileSize);
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(FALLBACK_MESSAGE, 0, undefined));
    };
    xhr.onabort = () => {
      settle();
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });
}

/** Uploads one file as multipart form data, with progress, through the same token, overlay and error handling. */
export function apiUpload<T>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  const { host = 'files', fieldName = 'file', signal, background = false, onProgress } = options;
  const { headers, token, studioId } = authorizationHeaders('application/json');
  const body = new FormData();
  body.append(fieldName, file, file.name);

  return withLoading(background, async () => {
    const response = await sendMultipart(hostUrl(host, path), body, headers, file.size, { signal, onProgress });
    if (response.status < 200 || response.status >= 300) {
      throw await toApiError(response.status, response.text, token, studioId);
    }
    return JSON.parse(response.text) as T;
  });
}
