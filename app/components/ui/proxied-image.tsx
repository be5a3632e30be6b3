import type { ImgHTMLAttributes } from "react";
import { imageSources } from "~/modules/images/image-url";

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
  return <img {...imageSources(src, width, quality)} width={width} height={height} alt={alt} {...rest} />;
}
