/**
 * A post's Slate document as React elements: the read-only twin of the editor.
 * Only elements React builds from the node's fields, never `dangerouslySetInnerHTML`, so text that
 * looks like HTML stays text. Element types are the editor's and `app/modules/posts/slate.ts`'s;
 * anything else degrades to a paragraph (a block) or its plain text (inline).
 */
import { clsx } from "clsx";
import { ExternalLink } from "~/components/ui/icons";
import { Fragment, type ReactNode } from "react";
import { EMOJI } from "~/components/post-editor/emoji";
import { EmojiGlyph } from "~/components/post-editor/emoji-glyph";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { imageUrl, snapImageWidth } from "~/modules/image-url";
import type { SlateNode } from "~/modules/posts/slate";

/** The body column is the content width (product.md "Limits"): images are served that wide. */
const BODY_IMAGE_WIDTH = 704;

const EXTERNAL_REL = "nofollow noopener noreferrer";

const isObject = (value: unknown): value is SlateNode =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const childrenOf = (node: SlateNode): SlateNode[] =>
  Array.isArray(node.children) ? node.children.filter(isObject) : [];
const stringField = (node: SlateNode, ...keys: string[]): string | null => {
  for (const key of keys) {
    const value = node[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return null;
};

export interface SafeLink {
  href: string;
  /** product.md "Validation": internal only when its origin is the site's own (or it is a site path). */
  internal: boolean;
}

/**
 * The link to render for a URL written in a post, or null when it must not be a link at all
 * (`javascript:`, `data:` and anything but http(s), mailto and site paths).
 */
export function safeLink(url: unknown, siteOrigin?: string): SafeLink | null {
  if (typeof url !== "string") return null;
  // Browsers drop tabs and line breaks from a URL before reading it ("/\t/host" is "//host"): so do we.
  const value = url.replace(/[\t\n\r]/g, "").trim();
  if (!value) return null;
  // A path on this site: "/x", "?q", "#part" — but "//host" is another site and "/\host" is too in browsers.
  if (/^[/?#]/.test(value) && !/^\/[/\\]/.test(value)) return { href: value, internal: true };
  let parsed: URL;
  try {
    parsed = new URL(value.startsWith("//") ? `https:${value}` : value);
  } catch {
    return null;
  }
  if (parsed.protocol === "mailto:") return { href: parsed.href, internal: false };
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  let internal = false;
  if (siteOrigin) {
    try {
      internal = parsed.origin === new URL(siteOrigin).origin;
    } catch {
      internal = false;
    }
  }
  return { href: parsed.href, internal };
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube address (watch, youtu.be, embed, shorts, live), or null. */
export function youTubeId(url: unknown): string | null {
  if (typeof url !== "string") return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return YOUTUBE_ID.test(String(url).trim()) ? String(url).trim() : null;
  }
  const host = parsed.hostname.replace(/^(www|m|music)\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = parsed.pathname.split("/")[1] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, first, second] = parsed.pathname.split("/");
    if (first === "watch") id = parsed.searchParams.get("v");
    else if (first === "embed" || first === "shorts" || first === "live" || first === "v") id = second ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** An X (Twitter) post address, with the account it is from when the path says. */
export function xPost(url: unknown): { href: string; handle: string | null } | null {
  if (typeof url !== "string") return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const host = parsed.hostname.replace(/^(www|mobile)\./, "");
  if (host !== "x.com" && host !== "twitter.com") return null;
  const handle = parsed.pathname.split("/")[1];
  return { href: parsed.href, handle: handle && /^\w{1,15}$/.test(handle) ? handle : null };
}

interface RenderContext {
  siteOrigin?: string;
}

function renderLeaf(node: SlateNode, key: number): ReactNode {
  const text = typeof node.text === "string" ? node.text : "";
  if (text === "") return null;
  // Soft line breaks (shift+enter) are newlines inside a leaf.
  const lines = text.split("\n");
  let content: ReactNode =
    lines.length === 1
      ? text
      : lines.map((line, index) => (
          <Fragment key={index}>
            {index > 0 ? <br /> : null}
            {line}
          </Fragment>
        ));
  if (node.italic === true) content = <em>{content}</em>;
  if (node.bold === true) content = <strong>{content}</strong>;
  return <Fragment key={key}>{content}</Fragment>;
}

function renderChildren(node: SlateNode, context: RenderContext): ReactNode[] {
  return childrenOf(node).map((child, index) => renderNode(child, index, context, false));
}

function renderImage(node: SlateNode, key: number): ReactNode {
  const src = stringField(node, "url", "src");
  if (!src) return null;
  const alt = stringField(node, "alt") ?? "";
  const width = typeof node.width === "number" && node.width > 0 ? node.width : null;
  const height = typeof node.height === "number" && node.height > 0 ? node.height : null;
  // The stored size keeps the space reserved before the image loads; else a 16:9 guess.
  const shownHeight =
    width && height ? Math.round((BODY_IMAGE_WIDTH * height) / width) : Math.round((BODY_IMAGE_WIDTH * 9) / 16);
  return (
    <figure key={key} className="my-6">
      <ProxiedImage
        src={src}
        alt={alt}
        width={BODY_IMAGE_WIDTH}
        height={shownHeight}
        loading="lazy"
        className="h-auto w-full rounded-xl bg-slate-100"
      />
    </figure>
  );
}

/**
 * An expert's own video: the server signed its address (`src`, on /media/) for this reader, and a
 * frame of it is the poster. Only the metadata loads until the reader presses play.
 */
function renderVideo(node: SlateNode, key: number): ReactNode {
  const src = stringField(node, "src");
  if (!src?.startsWith("/media/")) return null;
  const poster = stringField(node, "poster");
  return (
    <figure key={key} className="my-6">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- an expert's clip comes without a captions file */}
      <video
        controls
        preload="metadata"
        playsInline
        src={src}
        poster={poster ? imageUrl(poster, snapImageWidth(BODY_IMAGE_WIDTH)) : undefined}
        className="aspect-video w-full rounded-xl bg-ink"
      />
    </figure>
  );
}

function renderEmbed(node: SlateNode, key: number): ReactNode {
  const url = stringField(node, "url", "src");
  if (!url) return null;
  const provider = node.provider;
  const videoId = provider === "youtube" || provider === undefined ? youTubeId(url) : null;
  if (videoId) {
    const title = stringField(node, "title") ?? "YouTube video";
    return (
      <div key={key} className="my-6 aspect-video overflow-hidden rounded-xl bg-ink">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${videoId}`}
          title={title}
          loading="lazy"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className="size-full border-0"
        />
      </div>
    );
  }
  const x = provider === "x" || provider === undefined ? xPost(url) : null;
  const link = x ?? (safeLink(url) ? { href: safeLink(url)!.href, handle: null } : null);
  if (!link) return null;
  const label = x
    ? x.handle
      ? `Post by @${x.handle} on X`
      : "Post on X"
    : provider === "youtube"
      ? "Video on YouTube"
      : "Embedded content";
  // No third-party script: a card linking out, so nothing of X runs on our page.
  return (
    <p key={key} className="my-6">
      <a
        href={link.href}
        target="_blank"
        rel={EXTERNAL_REL}
        className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-900 no-underline shadow-sm hover:border-slate-300 hover:bg-slate-50"
      >
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink text-lg font-bold text-white"
        >
          {x ? "𝕏" : "↗"}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{label}</span>
          <span className="block truncate text-sm text-slate-500">{link.href}</span>
        </span>
        <ExternalLink className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

function renderLink(node: SlateNode, key: number, context: RenderContext): ReactNode {
  const children = renderChildren(node, context);
  const link = safeLink(node.url ?? node.href, context.siteOrigin);
  if (!link) return <Fragment key={key}>{children}</Fragment>;
  const className = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";
  if (link.internal) {
    return (
      <a key={key} href={link.href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <a
      key={key}
      href={link.href}
      rel={EXTERNAL_REL}
      target={link.href.startsWith("mailto:") ? undefined : "_blank"}
      className={className}
    >
      {children}
    </a>
  );
}

function renderNode(node: SlateNode, key: number, context: RenderContext, topLevel: boolean): ReactNode {
  if (typeof node.text === "string" && node.type === undefined) return renderLeaf(node, key);
  switch (node.type) {
    case "paragraph":
      return <p key={key}>{renderChildren(node, context)}</p>;
    case "heading-one":
      // The post's title is the page's h1: the body's headings sit below it.
      return <h2 key={key}>{renderChildren(node, context)}</h2>;
    case "heading-two":
      return <h3 key={key}>{renderChildren(node, context)}</h3>;
    case "block-quote":
      return <blockquote key={key}>{renderChildren(node, context)}</blockquote>;
    case "bulleted-list":
      return <ul key={key}>{renderChildren(node, context)}</ul>;
    case "numbered-list":
      return <ol key={key}>{renderChildren(node, context)}</ol>;
    case "list-item":
      return <li key={key}>{renderChildren(node, context)}</li>;
    case "link":
      return renderLink(node, key, context);
    case "image":
      return renderImage(node, key);
    case "video":
      return renderVideo(node, key);
    case "embed":
      return renderEmbed(node, key);
    case "emoji": {
      const emoji = stringField(node, "emoji", "value");
      if (!emoji) return null;
      // The picker's name for it ("fire"), as the editor says it; else the character itself.
      const label = stringField(node, "name", "label") ?? EMOJI.find((item) => item.emoji === emoji)?.name ?? emoji;
      return (
        <span key={key} role="img" aria-label={label}>
          <EmojiGlyph emoji={emoji} />
        </span>
      );
    }
    default: {
      const children = renderChildren(node, context);
      return topLevel ? <p key={key}>{children}</p> : <Fragment key={key}>{children}</Fragment>;
    }
  }
}

/**
 * Renders a Slate document (a post's body or its preview). `siteOrigin` (APP_URL) decides which
 * absolute links are internal; without it only site paths are.
 */
export function SlateRender({
  nodes,
  siteOrigin,
  className,
}: {
  nodes: unknown;
  siteOrigin?: string;
  className?: string;
}) {
  const blocks = Array.isArray(nodes) ? nodes.filter(isObject) : [];
  return (
    <div className={clsx(BODY_CLASS, className)}>
      {blocks.map((block, index) => renderNode(block, index, { siteOrigin }, true))}
    </div>
  );
}

/** Reading typography for the body's elements (no typography plugin: descendant variants). */
const BODY_CLASS = clsx(
  "text-base leading-7 text-slate-800 break-words",
  "[&_p]:my-4 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0",
  "[&_h2]:mb-3 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900",
  "[&_h3]:mb-2 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_blockquote]:my-5 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-slate-700",
  "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1 [&_li>p]:my-0",
);
