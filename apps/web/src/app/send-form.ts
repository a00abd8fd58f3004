// A multipart form POSTed with the session's token by XMLHttpRequest (fetch reports no upload progress), and the
// share of it sent so far: the lead CSV and recording uploads both go this way.
import { ApiError, NETWORK_ERROR_MESSAGE, authorizationHeader } from './api.ts';

export const UPLOAD_CANCELLED_MESSAGE = 'Upload cancelled.';

/** Bytes of the request body sent so far. */
export type TUploadBytes = { loaded: number; total: number };

/** The whole percent of the body sent (0 before anything is known, at most 100). */
export function percent(bytes: TUploadBytes | null): number {
  if (bytes === null || bytes.total <= 0) return 0;
  return Math.min(100, Math.floor((bytes.loaded / bytes.total) * 100));
}

export type TFormReply = { status: number; body: unknown };

type SendOptions = {
  onUploadProgress?: (bytes: TUploadBytes) => void;
  signal?: AbortSignal;
  /** The body's size when the browser cannot tell (progress events without lengthComputable). */
  totalHint?: number;
};

function readReply(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (text === '') return undefined;
  if (!(xhr.getResponseHeader('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs a multipart form with the session's token, reporting bytes sent. Resolves with any HTTP answer
 * (the caller reads the status); rejects with an ApiError when no answer came (network, cancelled).
 * No time-out on purpose: sending takes as long as the file and the line do, the screens show the bytes sent
 * and offer Cancel, and the server bounds its own work.
 */
export function sendForm(
  url: string,
  form: FormData,
  { onUploadProgress, signal, totalHint = 0 }: SendOptions = {},
): Promise<TFormReply> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(0, UPLOAD_CANCELLED_MESSAGE, 'aborted'));
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const authorization = authorizationHeader();
    if (authorization !== null) xhr.setRequestHeader('Authorization', authorization);
    if (onUploadProgress !== undefined) {
      let total = totalHint;
      xhr.upload.addEventListener('progress', (event) => {
        total = event.lengthComputable && event.total > 0 ? event.total : Math.max(total, event.loaded);
        onUploadProgress({ loaded: Math.min(event.loaded, total), total });
      });
      // 'load' on xhr.upload means the whole body has gone out, whatever the last progress event said.
      xhr.upload.addEventListener('load', () => onUploadProgress({ loaded: total, total }));
    }
    xhr.addEventListener('load', () => {
      settle();
      resolve({ status: xhr.status, body: readReply(xhr) });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new ApiError(0, UPLOAD_CANCELLED_MESSAGE, 'aborted'));
    });
    signal?.addEventListener('abort', abort);
    xhr.send(form);
  });
}
