/**
 * What a file's first bytes say it is: the magic numbers of the image and video types we take, so
 * a renamed file is refused whatever its name or declared type. Pure: the local upload driver
 * checks a file's head as it streams in, the video recorder reads the stored object's head.
 */

export const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** ISO media brands of still images (AVIF, HEIF): an `ftyp` with one of them is no video. */
export function isImageBrand(brand: string): boolean {
  return ["avif", "avis", "mif1", "msf1", "heic", "heix", "heim", "heis"].includes(brand);
}

/** The leading bytes of each image type we accept (so a renamed text file is refused at once). */
export function looksLike(contentType: string, head: Uint8Array): boolean {
  const bytes = Buffer.from(head);
  const ascii = (start: number, text: string) => bytes.subarray(start, start + text.length).toString("latin1") === text;
  switch (contentType) {
    case "image/png":
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case "image/jpeg":
    case "image/pjpeg":
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case "image/gif":
      return ascii(0, "GIF87a") || ascii(0, "GIF89a");
    case "image/webp":
      return ascii(0, "RIFF") && ascii(8, "WEBP");
    case "image/avif":
      return ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis") || ascii(8, "mif1") || ascii(8, "msf1"));
    case "video/mp4":
      return ascii(4, "ftyp") && !isImageBrand(bytes.subarray(8, 12).toString("latin1"));
    case "video/webm":
      // The EBML header; its DocType ("webm") is checked when the upload is recorded.
      return bytes.subarray(0, 4).equals(EBML_MAGIC);
    default:
      return false;
  }
}

/** What a video's first bytes say it is: an ISO media file (not a still image's) or a WebM; else null. */
export function videoTypeOf(head: Buffer): "video/mp4" | "video/webm" | null {
  if (head.subarray(4, 8).toString("latin1") === "ftyp" && !isImageBrand(head.subarray(8, 12).toString("latin1")))
    return "video/mp4";
  // EBML with the DocType "webm" (0x42 0x82, a one-byte size, then the name) in its header.
  if (head.subarray(0, 4).equals(EBML_MAGIC)) {
    const docType = head.indexOf(Buffer.from([0x42, 0x82]));
    if (docType > 0 && head.subarray(docType + 3, docType + 7).toString("latin1") === "webm") return "video/webm";
  }
  return null;
}
