import type { ImgHTMLAttributes } from "react";
import { imageSources } from "~/modules/image-url";

type ProxiedImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> & {
  /** What we store: absolute URL, site-relative path or storage key. */
  src: string;
  /** CSS pixels; the proxy serves this width (and twice it for 2x screens). */
  width: number;
  height: number;
  quality?: number;
};

/** An <img> served through the image proxy. Decorative by default (alt=""); pass alt when it informs. */
export function ProxiedImage({ src, width, height, quality, alt = "", ...rest }: ProxiedImageProps) {
  const sources = imageSources(src, width, quality);
  // Not `{...imageSources()}` first: on Node 20 a literal that opens with a spread and then adds
  // properties takes V8's slow path, 7 µs an image against 0.15 (docs/performance.md).
  return <img src={sources.src} srcSet={sources.srcSet} width={width} height={height} alt={alt} {...rest} />;
}
