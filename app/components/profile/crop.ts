/**
 * The photo editor's pure parts and its canvas step (product.md "States", "Error messages" and "Limits"; decision 012).
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Area extends Point, Size {}

/** product.md "Limits": keyboard crop nudge steps 1, 10, 100 (px of the crop position). */
export const NUDGE_STEPS = { plain: 1, shift: 10, large: 100 } as const;

/** Arrow moves 1 px, Shift+arrow 10 px, Alt/Ctrl/⌘+arrow 100 px. */
export function nudgeStep(modifiers: {
  shiftKey?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}): number {
  if (modifiers.altKey || modifiers.ctrlKey || modifiers.metaKey) return NUDGE_STEPS.large;
  if (modifiers.shiftKey) return NUDGE_STEPS.shift;
  return NUDGE_STEPS.plain;
}

const DIRECTIONS: Record<string, Point> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

/**
 * The crop position after an arrow key, kept so the photo still covers the crop area (the rule
 * react-easy-crop applies to drags). null for any other key.
 */
export function nudgeCrop(
  crop: Point,
  event: { key: string; shiftKey?: boolean; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean },
  sizes: { media: Size | null; crop: Size | null; zoom: number },
): Point | null {
  const direction = DIRECTIONS[event.key];
  if (!direction) return null;
  const step = nudgeStep(event);
  const next = { x: crop.x + direction.x * step, y: crop.y + direction.y * step };
  if (!sizes.media || !sizes.crop) return next;
  const limit = (media: number, area: number) => Math.abs((media * sizes.zoom) / 2 - area / 2);
  const clamp = (value: number, max: number) => Math.min(max, Math.max(-max, value));
  return {
    x: clamp(next.x, limit(sizes.media.width, sizes.crop.width)),
    y: clamp(next.y, limit(sizes.media.height, sizes.crop.height)),
  };
}

/** The longest side of what we upload: plenty for a 2x screen, small enough to upload fast. */
export const OUTPUT_MAX = { avatar: { width: 800, height: 800 }, cover: { width: 1800, height: 600 } } as const;

/** Output size for a crop: the cropped pixels, scaled down (never up) to fit `max`. */
export function outputSize(area: Size, max: Size): Size {
  const scale = Math.min(1, max.width / area.width, max.height / area.height);
  return { width: Math.max(1, Math.round(area.width * scale)), height: Math.max(1, Math.round(area.height * scale)) };
}

export const CROP_CANVAS_MISSING = "Crop canvas does not exist";
export const CROP_BLOB_FAILED = "Failed to create blob";

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The photo could not be read. Try another file."));
    image.src = src;
  });
}

/** Draws the cropped area on a canvas and answers it as a jpeg Blob (product.md "States"). */
export async function cropToJpeg(src: string, area: Area, max: Size, quality = 0.9): Promise<Blob> {
  const image = await loadImage(src);
  const size = outputSize(area, max);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error(CROP_CANVAS_MISSING);
  // A jpeg has no transparency: a transparent PNG gets a white background, not a black one.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(CROP_BLOB_FAILED))), "image/jpeg", quality);
  });
}
