/**
 * The browser's uploader (product.md "States", "The API" and "Error messages"): ask the /uploads
 * route action for a presigned POST (`intent=presign`, `type`), send the file there as multipart
 * form data with progress (the storage: MinIO/S3, or our own `/api/file/upload` on the local-disk
 * driver; a direct upload, not our API), then ask /uploads to record the stored object
 * (`intent=complete`, `key`, `filename`), which answers the real size, type and dimensions. The
 * route renews an expired session on the server, as every page does. Error texts: the presign's
 * `errors.type`, else the storage's XML `<Message>`, else 'An error has occurred while uploading!'.
 */
import type { PresignedPost, UploadedFile } from "~/modules/uploads/upload-types";

export type { PresignedPost, UploadedFile } from "~/modules/uploads/upload-types";

export const UPLOAD_FAILED_MESSAGE = "An error has occurred while uploading!";

export interface UploadOptions {
  /** 0 to 100. 100 only once the upload is recorded; the transfer itself reports up to 99. */
  onProgress?: (percent: number) => void;
  /** Aborts the upload (no retry after an abort). */
  signal?: AbortSignal;
  /** Tries in all, each with a fresh presign; 1 by default (the profile photo uses 3, product.md "Limits"). */
  attempts?: number;
  /** Origin of the site; the page's own by default. */
  baseUrl?: string;
}

/** A refusal of the /uploads route action, in its own words. */
export class UploadActionError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "UploadActionError";
  }
}

/** Posts one step to the /uploads route action; answers its success, throws its failure. */
async function uploadAction<T>(
  fields: Record<string, string>,
  { baseUrl = "", signal }: { baseUrl?: string; signal?: AbortSignal },
): Promise<{ ok: true } & T> {
  const response = await fetch(`${baseUrl.replace(/\/$/, "")}/uploads`, {
    method: "POST",
    body: new URLSearchParams(fields),
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    signal,
  });
  const answer = (await response.json().catch(() => null)) as
    ({ ok: true } & T) | { ok: false; error: string; errors?: Record<string, string[]> } | null;
  if (!response.ok || !answer?.ok)
    throw new UploadActionError(
      answer && !answer.ok ? answer.error : UPLOAD_FAILED_MESSAGE,
      response.status,
      answer && !answer.ok ? answer.errors : undefined,
    );
  return answer;
}

/** A failed upload, with the text the UI shows. */
export class UploadError extends Error {
  constructor(
    message: string,
    /** The HTTP status of the failing step; 0 for a network failure or an abort. */
    readonly statusCode: number,
    /** Which step failed. */
    readonly step: "presign" | "upload" | "metadata",
    /** Whether trying again (with a fresh presign) could help. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "UploadError";
  }

  get aborted(): boolean {
    return this.statusCode === 0 && !this.retryable;
  }
}

/** Uploads one file and answers what the server recorded. Rejects with an UploadError. */
export async function uploadFile(file: File | Blob, options: UploadOptions = {}): Promise<UploadedFile> {
  return withRetry(() => uploadOnce(file, options), { attempts: options.attempts ?? 1, signal: options.signal });
}

/**
 * Runs `task` up to `attempts` times while it fails with a retryable UploadError, waiting a
 * little longer before each new try. An abort stops at once.
 */
export async function withRetry<T>(
  task: () => Promise<T>,
  options: { attempts?: number; signal?: AbortSignal; delayMs?: number } = {},
): Promise<T> {
  const attempts = Math.max(1, Math.floor(options.attempts ?? 1));
  const delayMs = options.delayMs ?? 500;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      const retryable = error instanceof UploadError ? error.retryable : false;
      if (!retryable || attempt >= attempts || options.signal?.aborted) throw error;
      await wait(delayMs * attempt, options.signal);
    }
  }
}

async function uploadOnce(file: File | Blob, options: UploadOptions): Promise<UploadedFile> {
  const { onProgress, signal, baseUrl = "" } = options;
  if (signal?.aborted) throw abortError("presign");
  onProgress?.(0);

  let presigned: PresignedPost;
  try {
    const { url, fields } = await uploadAction<PresignedPost>(
      { intent: "presign", type: file.type, size: String(file.size) },
      { baseUrl, signal },
    );
    presigned = { url, fields };
  } catch (error) {
    throw fromApiError(error, "presign", signal);
  }

  const storage = await postToStorage(presigned, file, { onProgress, signal, baseUrl });
  if (storage.status < 200 || storage.status >= 300) {
    // 403 is an expired or refused policy: a fresh presign may well pass. 5xx and network too.
    const retryable = storage.status === 0 || storage.status >= 500 || storage.status === 403 || storage.status === 408;
    throw new UploadError(storageErrorMessage(storage.body), storage.status, "upload", retryable);
  }

  try {
    const filename = typeof File !== "undefined" && file instanceof File ? file.name : "upload";
    const { ok: _ok, ...recorded } = await uploadAction<UploadedFile>(
      { intent: "complete", key: presigned.fields.key, filename },
      { baseUrl, signal },
    );
    onProgress?.(100);
    return recorded;
  } catch (error) {
    throw fromApiError(error, "metadata", signal);
  }
}

/** The multipart POST: every presigned field first, the file last (S3 ignores fields after it). */
function postToStorage(
  presigned: PresignedPost,
  file: Blob,
  { onProgress, signal, baseUrl }: { onProgress?: (percent: number) => void; signal?: AbortSignal; baseUrl: string },
): Promise<{ status: number; body: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append("file", file);
  const url = presigned.url.startsWith("/") ? `${baseUrl.replace(/\/$/, "")}${presigned.url}` : presigned.url;

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    xhr.open("POST", url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, body: typeof xhr.responseText === "string" ? xhr.responseText : "" });
    };
    xhr.onerror = () => {
      done();
      resolve({ status: 0, body: "" });
    };
    xhr.onabort = () => {
      done();
      reject(abortError("upload"));
    };
    xhr.send(form);
  });
}

/** The `<Message>` of an S3-style XML error body, if there is one. */
export function xmlErrorMessage(body: string | null | undefined): string | undefined {
  if (!body) return undefined;
  const match = /<Message>([\s\S]*?)<\/Message>/.exec(body);
  const text = match ? decodeXmlText(match[1]).trim() : "";
  return text || undefined;
}

/** What the UI shows when the storage refused the file. */
export function storageErrorMessage(body: string | null | undefined): string {
  return xmlErrorMessage(body) ?? UPLOAD_FAILED_MESSAGE;
}

/** What the UI shows for any error `uploadFile` rejected with (or anything else thrown). */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadError) return error.message;
  if (error instanceof UploadActionError)
    return error.errors?.type?.[0] ?? error.errors?.file?.[0] ?? UPLOAD_FAILED_MESSAGE;
  return UPLOAD_FAILED_MESSAGE;
}

function fromApiError(error: unknown, step: "presign" | "metadata", signal?: AbortSignal): UploadError {
  if (signal?.aborted) return abortError(step);
  if (error instanceof UploadActionError) {
    // product.md "Error messages": the presign's errors.type (or its size refusal, errors.file); otherwise the generic upload text.
    const message = error.errors?.type?.[0] ?? error.errors?.file?.[0] ?? UPLOAD_FAILED_MESSAGE;
    const retryable = error.statusCode >= 500 || error.statusCode === 408;
    return new UploadError(message, error.statusCode, step, retryable);
  }
  return new UploadError(UPLOAD_FAILED_MESSAGE, 0, step, true);
}

function abortError(step: UploadError["step"]): UploadError {
  return new UploadError("The upload was cancelled.", 0, step, false);
}

function decodeXmlText(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, "&");
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
