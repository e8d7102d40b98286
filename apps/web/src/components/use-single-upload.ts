import { UPLOAD_PATHS, type UploadedFile, type UploadResponse } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { apiUpload } from '../lib/api-upload.ts';

/** The field is checked again this long after an upload ends (SPEC: image field re-validation delay). */
export const REVALIDATE_DELAY_MS = 400;

interface UploadVariables {
  file: File;
  part: string | undefined;
  background: boolean;
  signal: AbortSignal;
  onProgress: (percent: number, sentBytes: number) => void;
}

/** Sends one file to Single as `file`, or with `part` to the Detail endpoint, which names its result after the part. */
async function uploadFile({ file, part, ...options }: UploadVariables): Promise<UploadedFile | undefined> {
  if (!part) return (await apiUpload<UploadResponse>(UPLOAD_PATHS.single, file, options))[0];
  const results = await apiUpload<UploadResponse>(UPLOAD_PATHS.detail, file, { fieldName: part, ...options });
  return results.find((result) => result.name === part);
}

/** A file on its way to the file host: what it is, and how much of it has been sent. */
export interface UploadTransfer {
  fileName: string;
  percent: number;
  sentBytes: number;
  totalBytes: number;
}

export interface SingleUploadOptions {
  /** The message refusing a file before it is sent, if any. */
  check: (file: File) => Promise<string | undefined>;
  /** Upload refusals shown next to the uploader; anything else goes to the global handler. */
  errorCodes: string[];
  onChange: (file: UploadedFile | null) => void;
  /** Called {@link REVALIDATE_DELAY_MS} after an upload ends, accepted or refused. */
  onRevalidate?: (() => void) | undefined;
  /** The multipart part to send the file as on `/FileUpload/Multiple/Detail/Query`; without it, Single is used. */
  part?: string | undefined;
  /**
   * Upload beside the page rather than under the loading overlay: the uploader shows the progress and a Cancel, and
   * the rest of the form stays usable (a 50 MB build takes a while).
   */
  background?: boolean;
}

/**
 * One file, uploaded to the file host as soon as it is picked, with progress. A new pick replaces the current
 * file once it has uploaded; a refused or cancelled pick keeps it.
 */
export function useSingleUpload({
  check,
  errorCodes,
  onChange,
  onRevalidate,
  part,
  background = false,
}: SingleUploadOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const revalidateTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [transfer, setTransfer] = useState<UploadTransfer | null>(null);
  const [notice, setNotice] = useState<string>();
  const upload = useMutation({ mutationFn: uploadFile, meta: { handlesErrors: errorCodes } });

  useEffect(
    () => () => {
      controller.current?.abort();
      clearTimeout(revalidateTimer.current);
    },
    [],
  );

  const revalidateLater = () => {
    clearTimeout(revalidateTimer.current);
    if (onRevalidate) revalidateTimer.current = setTimeout(onRevalidate, REVALIDATE_DELAY_MS);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // cleared so that picking the same file again still fires a change
    event.target.value = '';
    if (!file) return;
    const refusal = await check(file);
    if (refusal) {
      setNotice(refusal);
      revalidateLater();
      return;
    }
    setNotice(undefined);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const sending = { fileName: file.name, totalBytes: file.size };
    setTransfer({ ...sending, percent: 0, sentBytes: 0 });
    try {
      const uploaded = await upload.mutateAsync({
        file,
        part,
        background,
        signal: current.signal,
        onProgress: (percent, sentBytes) => {
          if (controller.current === current) setTransfer({ ...sending, percent, sentBytes });
        },
      });
      if (uploaded) onChange(uploaded);
    } catch (err) {
      if (current.signal.aborted) return;
      if (err instanceof ApiError && err.errorCode && errorCodes.includes(err.errorCode)) {
        // an unreadable build: the server says what in the file did not parse
        setNotice(err.errorCode === 'BuildUnreadable' ? (err.serverMessage ?? err.message) : err.message);
      }
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setTransfer(null);
        revalidateLater();
      }
    }
  };

  const stop = () => {
    controller.current?.abort();
    controller.current = null;
    setTransfer(null);
  };

  /** Stops the upload in flight; the file the uploader held before stays. */
  const cancel = () => {
    stop();
    inputRef.current?.focus();
  };

  const remove = () => {
    stop();
    setNotice(undefined);
    onChange(null);
    inputRef.current?.focus();
  };

  const progress = transfer?.percent ?? null;
  return { inputRef, progress, transfer, isUploading: transfer !== null, notice, pick, cancel, remove };
}

/** Whether a file starts with one of `signatures`. */
export async function startsWithAny(file: File, signatures: number[][]): Promise<boolean> {
  const length = Math.max(...signatures.map((signature) => signature.length));
  const head = new Uint8Array(await file.slice(0, length).arrayBuffer());
  return signatures.some((signature) => signature.every((byte, index) => head[index] === byte));
}
