/**
 * Images and videos in the body upload as they are added (picked, dropped or pasted): the node
 * goes into the document at once with an `uploadId`, shows the local file and a progress bar, and
 * gets its storage key when the upload is recorded (a video also gets a poster: a frame of it,
 * uploaded as an image). A failed one keeps its file for Retry; a file the server refuses
 * outright (its type, or over its size cap) leaves the document with a toast naming it. Uploads
 * go through the presign flow of `uploadFile` (decision 012).
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import type { Editor, Range } from "slate";
import { toast } from "~/components/ui/toast";
import {
  MAX_UPLOAD_BYTES,
  MIN_UPLOAD_BYTES,
  UPLOAD_TYPE_MESSAGE,
  isImageMimeType,
  isVideoMimeType,
  tooLargeMessage,
} from "~/modules/uploads/upload-types";
import { UploadError, uploadErrorMessage, uploadFile } from "~/components/uploads/upload-client";
import {
  completeUpload,
  completeVideoUpload,
  findUploadPath,
  insertImage,
  insertVideo,
  removeNodeAt,
} from "./editor-commands";
import { posterFrame } from "./video-poster";

export interface ImageUpload {
  file: File;
  /** An object URL of the file, shown until the stored image is there. */
  previewUrl: string;
  /** 0 to 100. */
  progress: number;
  error: string | null;
}

export interface ImageUploads {
  uploads: Record<string, ImageUpload>;
  /** Checks the files, inserts an image per accepted file at `at` (or the cursor) and uploads it. */
  add: (files: File[], at?: Range | null) => void;
  retry: (uploadId: string) => void;
  /** Stops an upload (the image is being removed). */
  cancel: (uploadId: string) => void;
}

/**
 * Why a file cannot go into a post's body, in the generic file-drop words (product.md
 * "Validation"); null when it can. A video's size cap is the server's (configured): it answers
 * before the file is sent.
 */
export function imageFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!isImageMimeType(file.type) && !isVideoMimeType(file.type)) return UPLOAD_TYPE_MESSAGE;
  if (isImageMimeType(file.type) && file.size > MAX_UPLOAD_BYTES) return tooLargeMessage(MAX_UPLOAD_BYTES);
  if (file.size < MIN_UPLOAD_BYTES) return `File is smaller than ${MIN_UPLOAD_BYTES} bytes`;
  return null;
}

/** A video's poster frame, stored as an image; null when there is none (the video still plays). */
async function uploadPoster(video: File, signal: AbortSignal): Promise<string | null> {
  const frame = await posterFrame(video);
  if (!frame || signal.aborted) return null;
  return uploadFile(frame, { signal }).then(
    (stored) => stored.key,
    () => null,
  );
}

let sequence = 0;
const nextUploadId = () => `upload-${Date.now().toString(36)}-${(sequence += 1)}`;

export function useImageUploads(editor: Editor): ImageUploads {
  const [uploads, setUploads] = useState<Record<string, ImageUpload>>({});
  const files = useRef(new Map<string, ImageUpload>());
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((uploadId: string, change: Partial<ImageUpload>) => {
    const current = files.current.get(uploadId);
    if (!current) return;
    const next = { ...current, ...change };
    files.current.set(uploadId, next);
    setUploads((all) => ({ ...all, [uploadId]: next }));
  }, []);

  const run = useCallback(
    (uploadId: string) => {
      const upload = files.current.get(uploadId);
      if (!upload) return;
      const controller = new AbortController();
      controllers.current.set(uploadId, controller);
      update(uploadId, { progress: 0, error: null });
      const { file } = upload;
      uploadFile(file, { signal: controller.signal, onProgress: (progress) => update(uploadId, { progress }) })
        .then(async (stored) => {
          if (controller.signal.aborted) return;
          if (!isVideoMimeType(file.type)) return void completeUpload(editor, uploadId, stored.key, stored);
          const poster = await uploadPoster(file, controller.signal);
          if (!controller.signal.aborted)
            completeVideoUpload(editor, uploadId, { key: stored.key, src: stored.url, poster });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const message = uploadErrorMessage(error);
          // Refused for what the file is (its type or size, by the server or the storage): trying
          // again cannot help.
          const refused =
            error instanceof UploadError && !error.retryable && error.statusCode >= 400 && error.statusCode < 500;
          const path = refused ? findUploadPath(editor, uploadId) : null;
          if (!path) return update(uploadId, { error: message });
          removeNodeAt(editor, path);
          toast.error(file.name, { description: message });
        })
        .finally(() => {
          if (controllers.current.get(uploadId) === controller) controllers.current.delete(uploadId);
        });
    },
    [editor, update],
  );

  const add = useCallback(
    (list: File[], at?: Range | null) => {
      for (const file of list) {
        const problem = imageFileProblem(file);
        if (problem) {
          toast.error(file.name, { description: problem });
          continue;
        }
        const uploadId = nextUploadId();
        const upload: ImageUpload = { file, previewUrl: URL.createObjectURL(file), progress: 0, error: null };
        files.current.set(uploadId, upload);
        setUploads((all) => ({ ...all, [uploadId]: upload }));
        if (isVideoMimeType(file.type)) insertVideo(editor, { uploadId }, at);
        else insertImage(editor, { uploadId }, at);
        // Later files go after the first one, wherever the cursor now is.
        at = undefined;
        run(uploadId);
      }
    },
    [editor, run],
  );

  const cancel = useCallback((uploadId: string) => {
    controllers.current.get(uploadId)?.abort();
    controllers.current.delete(uploadId);
  }, []);

  // Closing the dialog stops what is still uploading and frees the local previews.
  useEffect(() => {
    const running = controllers.current;
    const known = files.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const upload of known.values()) URL.revokeObjectURL(upload.previewUrl);
    };
  }, []);

  return { uploads, add, retry: run, cancel };
}

export const ImageUploadsContext = createContext<ImageUploads | null>(null);

export function useImageUploadsContext(): ImageUploads {
  const uploads = useContext(ImageUploadsContext);
  if (!uploads) throw new Error("useImageUploadsContext needs an ImageUploadsContext provider");
  return uploads;
}
