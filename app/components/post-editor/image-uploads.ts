/**
 * Images in the body upload as they are added (picked, dropped or pasted): the image node goes
 * into the document at once with an `uploadId`, shows the local file and a progress bar, and
 * gets its `url` (the storage key) when the upload is recorded. A failed one keeps its file for
 * Retry. Uploads go through the presign flow of `uploadFile` (decision 012).
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import type { Editor, Range } from "slate";
import { toast } from "~/components/ui/toast";
import {
  MAX_UPLOAD_BYTES,
  MIN_UPLOAD_BYTES,
  UPLOAD_TYPE_MESSAGE,
  isImageMimeType,
} from "~/modules/uploads/upload-types";
import { uploadErrorMessage, uploadFile } from "~/modules/uploads/upload-client";
import { completeUpload, insertImage } from "./editor-commands";

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

/** Why a file cannot be a post image, in the generic file-drop words (product.md "Validation"); null when it can. */
export function imageFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!isImageMimeType(file.type)) return UPLOAD_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return `File is larger than ${MAX_UPLOAD_BYTES} bytes`;
  if (file.size < MIN_UPLOAD_BYTES) return `File is smaller than ${MIN_UPLOAD_BYTES} bytes`;
  return null;
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
      uploadFile(upload.file, { signal: controller.signal, onProgress: (progress) => update(uploadId, { progress }) })
        .then((stored) => {
          if (controller.signal.aborted) return;
          completeUpload(editor, uploadId, stored.key, stored);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          update(uploadId, { error: uploadErrorMessage(error) });
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
        insertImage(editor, { uploadId }, at);
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
