/**
 * Which files the profile photo editor takes (product.md "Validation" and "Limits") and how a refused one is
 * explained. react-dropzone writes sizes as "4.77 MB"; product.md "Validation" words them in bytes,
 * so the messages are ours, keyed by the library's error codes.
 */
import type { Accept, FileRejection } from "react-dropzone";

/** product.md "Validation": png, jpeg/jpg, webp, avif (the visible text says otherwise, on purpose). */
export const PHOTO_ACCEPT: Accept = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/webp": [".webp"],
  "image/avif": [".avif"],
};

export const PHOTO_MAX_BYTES = 5_000_000;
export const PHOTO_MAX_FILES = 1;
/** product.md "Limits": 3 tries for profile images. */
export const PHOTO_UPLOAD_ATTEMPTS = 3;

/** product.md "Validation", word for word: "text says JPEG, PNG, or GIF and max 5 MB". */
export const PHOTO_TYPES_TEXT = "JPEG, PNG, or GIF";
export const PHOTO_SIZE_TEXT = "max 5 MB";
export const PHOTO_HINT = "If you have any problems with your upload, try using a smaller photo";

export function rejectionMessage(error: { code: string; message: string }): string {
  switch (error.code) {
    case "file-invalid-type":
      return `File type must be one of ${Object.keys(PHOTO_ACCEPT).join(", ")}`;
    case "file-too-large":
      return `File is larger than ${PHOTO_MAX_BYTES} bytes`;
    case "file-too-small":
      return "File is smaller than 1 bytes";
    case "too-many-files":
      return "Too many files";
    default:
      return error.message;
  }
}

/**
 * Can the browser draw this file? A file named .png (and typed image/png by its name) may hold
 * anything: the cropper would show a broken picture. createImageBitmap decodes without showing;
 * an <img> is the fallback where it is missing.
 */
export async function canDecodeImage(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === "function") {
    try {
      (await createImageBitmap(file)).close();
      return true;
    } catch {
      return false;
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return true;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A file that is not the picture its name says: refused like any other type we do not take. */
export const UNDECODABLE_ERROR = { code: "file-invalid-type", message: "The file is not an image" } as const;

/** One toast per refused file: its name, then its reasons. */
export function describeRejection(rejection: {
  file: Pick<FileRejection["file"], "name">;
  errors: FileRejection["errors"];
}): {
  title: string;
  description: string;
} {
  return { title: rejection.file.name, description: rejection.errors.map(rejectionMessage).join(". ") };
}
