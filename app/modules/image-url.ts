/**
 * Every image on every page goes through the image proxy (`/img`, product.md "The API"): resized to
 * one of a fixed list of widths (so the proxy's disk cache stays bounded), re-encoded to webp or
 * avif when the browser takes them. `src` is what we store: an absolute URL, a site-relative path
 * (`/avatars/x.svg`) or a storage key (`uploads/…`); the proxy resolves each.
 */
export const IMAGE_WIDTHS = [
  16, 24, 32, 48, 64, 96, 128, 160, 256, 320, 480, 640, 768, 1024, 1280, 1600, 1920,
] as const;
export const DEFAULT_IMAGE_QUALITY = 75;
export const MIN_IMAGE_QUALITY = 30;
export const MAX_IMAGE_QUALITY = 90;

/** The smallest listed width at least `width` (the largest when none is). */
export function snapImageWidth(width: number): number {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

export function imageUrl(src: string, width: number, quality = DEFAULT_IMAGE_QUALITY): string {
  // Written by hand rather than with URLSearchParams: every card and avatar of every page builds three.
  return `/img?src=${encodeURIComponent(src)}&w=${snapImageWidth(width)}&q=${quality}`;
}

/**
 * `src` and `srcSet` for an image shown `width` CSS pixels wide. The srcset names only the 2x
 * image: a browser takes `src` as the 1x one (HTML's srcset rules), so it is not written twice.
 */
export function imageSources(
  src: string,
  width: number,
  quality = DEFAULT_IMAGE_QUALITY,
): { src: string; srcSet: string } {
  return { src: imageUrl(src, width, quality), srcSet: `${imageUrl(src, width * 2, quality)} 2x` };
}
