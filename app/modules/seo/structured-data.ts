/**
 * JSON-LD for search engines: Person for an expert, Article for a post, a pick
 * marked as paywalled (`isAccessibleForFree: false` with the locked part's selector). Client-safe.
 * Only public words go in: the preview's text, never a locked body.
 */

/** The class of the element that holds a pick's analysis on its page: the paywalled part. */
export const PAYWALLED_CLASS = "paywalled-content";

/** JSON for inside a <script> element: `<`, `>`, `&` and the line separators escaped, so no text closes it. */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

const absolute = (siteUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path}`);

export function personJsonLd(input: {
  expert: { userName: string; firstName: string; lastName: string; avatar: string; expertAboutText: string | null };
  url: string;
  imageUrl: string;
  siteUrl: string;
}): object {
  const { expert } = input;
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: `${expert.firstName} ${expert.lastName}`.trim() || expert.userName,
    alternateName: `@${expert.userName}`,
    url: input.url,
    image: absolute(input.siteUrl, input.imageUrl),
    ...(expert.expertAboutText ? { description: expert.expertAboutText.slice(0, 500) } : {}),
    jobTitle: "Sports handicapper",
  };
}

export function articleJsonLd(input: {
  post: {
    postType: "Post" | "Pick";
    title: string;
    publishDate: string | null;
    createdAt: string;
    author: { userName: string; firstName: string; lastName: string };
  };
  description: string;
  url: string;
  imageUrl: string | null;
  siteUrl: string;
  appName: string;
}): object {
  const { post } = input;
  const free = post.postType === "Post";
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title.slice(0, 110),
    description: input.description,
    datePublished: post.publishDate ?? post.createdAt,
    author: {
      "@type": "Person",
      name: `${post.author.firstName} ${post.author.lastName}`.trim() || post.author.userName,
      url: `${input.siteUrl}/experts/${encodeURIComponent(post.author.userName)}`,
    },
    publisher: { "@type": "Organization", name: input.appName, url: input.siteUrl },
    mainEntityOfPage: input.url,
    ...(input.imageUrl ? { image: absolute(input.siteUrl, input.imageUrl) } : {}),
    isAccessibleForFree: free,
    ...(free
      ? {}
      : { hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: `.${PAYWALLED_CLASS}` } }),
  };
}
