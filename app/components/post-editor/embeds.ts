/**
 * Which URLs the editor embeds (decision 018): YouTube videos and X (Twitter) posts,
 * nothing else. Pure: the editor and its tests share it. The stored `url` is the canonical form,
 * so the reader builds its player from one shape per provider.
 */
export type EmbedProvider = "youtube" | "x";

export interface ParsedEmbed {
  provider: EmbedProvider;
  /** Canonical URL: `https://www.youtube.com/watch?v=ID` or `https://x.com/USER/status/ID`. */
  url: string;
  /** The video or post id. */
  id: string;
}

export const EMBED_ERROR = "Only YouTube and X (Twitter) links can be embedded.";

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const X_HOSTS = new Set(["x.com", "www.x.com", "mobile.x.com", "twitter.com", "www.twitter.com", "mobile.twitter.com"]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const X_USER = /^[A-Za-z0-9_]{1,15}$/;
const X_STATUS_ID = /^\d{1,20}$/;

function parseUrl(input: string): URL | null {
  const text = input.trim();
  if (!text) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return segments[0] ?? null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (segments[0] === "watch") return url.searchParams.get("v");
  if (["shorts", "embed", "live", "v"].includes(segments[0] ?? "")) return segments[1] ?? null;
  return null;
}

/** The embed a URL stands for, or null when it is not a YouTube video or an X post. */
export function parseEmbedUrl(input: string): ParsedEmbed | null {
  const url = parseUrl(input);
  if (!url) return null;
  const videoId = youtubeId(url);
  if (videoId !== null) {
    return YOUTUBE_ID.test(videoId)
      ? { provider: "youtube", url: `https://www.youtube.com/watch?v=${videoId}`, id: videoId }
      : null;
  }
  if (X_HOSTS.has(url.hostname.toLowerCase())) {
    // /USER/status/ID (also /USER/statuses/ID and /i/web/status/ID).
    const segments = url.pathname.split("/").filter(Boolean);
    const index = segments.findIndex((segment) => segment === "status" || segment === "statuses");
    const id = index >= 1 ? segments[index + 1] : undefined;
    if (!id || !X_STATUS_ID.test(id)) return null;
    const user = segments[index - 1];
    const author = X_USER.test(user) && user !== "web" ? user : "i";
    return {
      provider: "x",
      url: author === "i" ? `https://x.com/i/status/${id}` : `https://x.com/${author}/status/${id}`,
      id,
    };
  }
  return null;
}
