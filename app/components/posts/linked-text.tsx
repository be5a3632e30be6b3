import { Fragment } from "react";
import { linkAttributes } from "~/components/post-editor/links";

/** http(s) addresses in plain text; a trailing full stop, comma or bracket is the sentence's, not the link's. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Plain text with its web addresses as links, by the site's link rule (product.md "Validation"): the
 * site's own open in place, others in a new tab with nofollow, noopener and noreferrer. Nothing
 * else in the text becomes markup (React escapes it).
 */
export function LinkedText({ text, siteOrigin }: { text: string; siteOrigin: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index ?? 0;
    parts.push(text.slice(last, start));
    parts.push(
      <a key={start} {...linkAttributes(url, siteOrigin)} className="font-medium text-brand-700 underline break-all">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
