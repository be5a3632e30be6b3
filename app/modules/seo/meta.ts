import type { MetaDescriptor } from "@remix-run/node";
import { imageUrl } from "~/modules/image-url";

export const DEFAULT_DESCRIPTION = "Professional Handicappers";

/** The share card (scripts/make-icons.js) for pages without a picture of their own. */
export const SHARE_CARD_SOURCE = "/share-card.png";

/** product.md "What it is": "Page | SHARPSIDE"; the default title is the product name in capitals. */
export function titleFor(appName: string, page?: string): string {
  const product = appName.toUpperCase();
  return page ? `${page} | ${product}` : product;
}

export function defaultMeta(appName = "Sharpside"): MetaDescriptor[] {
  return [{ title: titleFor(appName) }, { name: "description", content: DEFAULT_DESCRIPTION }];
}

type Matches = ReadonlyArray<{ id: string; data: unknown } | undefined>;

function rootData(matches: Matches) {
  return matches.find((m) => m?.id === "root")?.data as { appName?: string; siteUrl?: string } | undefined;
}

/** The configured product name, from the root loader's data. */
export function appNameFrom(matches: Matches): string {
  return rootData(matches)?.appName ?? "Sharpside";
}

/** The site's absolute address (APP_URL), from the root loader's data. */
export function siteUrlFrom(matches: Matches): string {
  return rootData(matches)?.siteUrl ?? "";
}

export interface ShareImage {
  /** What the image proxy takes: a storage key or a path of the site (`/avatars/…`, `/share-card.png`). */
  src: string;
  alt: string;
  /** A wide picture (a cover) gets the large card; a square one (an avatar) the small. */
  wide: boolean;
}

export interface ShareCard {
  appName: string;
  siteUrl: string;
  /** The page's own address without its query: canonical, and what a share points to. */
  url: string;
  title: string;
  description: string;
  type?: "website" | "article" | "profile";
  image?: ShareImage;
}

/**
 * Canonical link, Open Graph and Twitter card of a page. Every image comes from the
 * image proxy, 1280 px wide for a wide one and 640 px for a square one; a page without a picture of
 * its own shows the site's share card.
 */
export function shareMeta(card: ShareCard): MetaDescriptor[] {
  const image = card.image ?? { src: SHARE_CARD_SOURCE, alt: `${card.appName}: ${DEFAULT_DESCRIPTION}`, wide: true };
  const imageAddress = `${card.siteUrl}${imageUrl(image.src, image.wide ? 1280 : 640)}`;
  return [
    { tagName: "link", rel: "canonical", href: card.url },
    { property: "og:type", content: card.type ?? "website" },
    { property: "og:site_name", content: card.appName },
    { property: "og:title", content: card.title },
    { property: "og:description", content: card.description },
    { property: "og:url", content: card.url },
    { property: "og:image", content: imageAddress },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: image.wide ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: card.title },
    { name: "twitter:description", content: card.description },
    { name: "twitter:image", content: imageAddress },
    { name: "twitter:image:alt", content: image.alt },
  ];
}

interface MetaArgs {
  matches: Matches;
  location: { pathname: string };
}

/** A route's meta: its title in the template, its description (or the default), its canonical address and share card. */
export function pageMeta(
  { matches, location }: MetaArgs,
  page: string,
  description: string = DEFAULT_DESCRIPTION,
): MetaDescriptor[] {
  const appName = appNameFrom(matches);
  const siteUrl = siteUrlFrom(matches);
  return [
    { title: titleFor(appName, page) },
    { name: "description", content: description },
    ...shareMeta({ appName, siteUrl, url: `${siteUrl}${location.pathname}`, title: page, description }),
  ];
}
