/**
 * A micro-cache of whole server-rendered pages for signed-out visitors, the people who land from
 * search engines. Every such visitor sees the same HTML for the same URL and preference cookies,
 * so rendering it once every couple of seconds instead of once per request is invisible to them and
 * frees the server for everyone else. Each instance keeps its own small copy; nothing about a
 * user is ever stored, because any of the app's own cookies but the preferences (a session, a
 * sign-in under way: all named `ss_…`) bypasses it. Cookies the app never reads (analytics, a
 * CDN's) change nothing on the page and are ignored: a visitor who accepted them is served too.
 */
import type { NextFunction, Request, Response } from "express";
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, viewerTimeZone } from "~/modules/time/clock";
import { decodeCookieValue, parseCookies } from "~/modules/http/cookies";

/** Cookies that only change how a public page looks: part of the key. */
export const PUBLIC_COOKIES = ["cookieConsent", "sidebar", "timeZone"] as const;

/** Every other cookie the app sets or reads is named so, and means "render for this request". */
export const APP_COOKIE_PREFIX = "ss_";

export interface PageCacheOptions {
  ttlMs: number;
  /** Bound on distinct URLs kept, so random query strings cannot grow memory without limit. */
  maxEntries?: number;
  maxEntryBytes?: number;
  /**
   * How long past its TTL a page may still be served while one request renders its successor.
   * Without it, every request arriving during that render renders too (a stampede every TTL).
   */
  staleMs?: number;
}

export interface PageCacheEntry {
  expires: number;
  body: string;
  /** The CSP nonce the page was rendered with; swapped for each response's own. */
  nonce: string;
  contentType: string;
  cacheControl: string;
  /** The page's Vary (Cookie, for a public page): replayed with it. */
  vary?: string;
}

export class PageCache {
  private readonly entries = new Map<string, PageCacheEntry>();
  /** Keys whose page one request is rendering now. */
  private readonly rendering = new Set<string>();
  readonly maxEntries: number;
  readonly maxEntryBytes: number;
  readonly staleMs: number;

  constructor(private readonly options: PageCacheOptions) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxEntryBytes = options.maxEntryBytes ?? 256_000;
    this.staleMs = options.staleMs ?? 10_000;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The key of a cacheable page request, or null when this request must be rendered. */
  keyFor(req: Pick<Request, "method" | "path" | "originalUrl" | "headers">): string | null {
    if (this.options.ttlMs <= 0 || req.method !== "GET") return null;
    if (/^\/(api|resources|assets|avatars|media)(\/|$)/.test(req.path) || req.path.endsWith(".data")) return null;
    const cookies = visitorCookies(req.headers.cookie);
    return cookies.appCookie ? null : `${req.originalUrl}|${cookies.publicKey}`;
  }

  /** A fresh entry; or, while another request renders its successor, the stale one. */
  get(key: string, now = Date.now()): (PageCacheEntry & { stale: boolean }) | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > now) return { ...entry, stale: false };
    // Expired entries stay (bounded by maxEntries) until their successor replaces them.
    if (this.rendering.has(key) && entry.expires + this.staleMs > now) return { ...entry, stale: true };
    return undefined;
  }

  /** Marks `key` as being rendered by this response (its stale copy is served meanwhile). */
  markRendering(key: string, res: Pick<Response, "once">): void {
    this.rendering.add(key);
    res.once("close", () => this.rendering.delete(key));
  }

  set(key: string, entry: Omit<PageCacheEntry, "expires">, now = Date.now()): void {
    if (Buffer.byteLength(entry.body) > this.maxEntryBytes) return;
    this.entries.delete(key);
    this.entries.set(key, { ...entry, expires: now + this.options.ttlMs });
    // Map keeps insertion order: the first key is the oldest.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * Express middleware: answers from the cache when it can, otherwise lets the page render and
   * keeps a copy of a 200 HTML answer that sets no cookie and that its route declared `public`
   * (routes opt in: a page that depends on a token in its URL or on what just happened must not
   * be replayed to the next visitor).
   */
  middleware(nonceOf: (res: Response) => string) {
    return (req: Request, res: Response, next: NextFunction) => {
      const key = this.keyFor(req);
      if (key === null) return next();
      this.answer(key, res, next, nonceOf(res));
    };
  }

  /** Answers `key`'s page from the cache, or lets it render and keeps a copy (see middleware). */
  private answer(key: string, res: Response, next: NextFunction, nonce: string): void {
    const hit = this.get(key);
    if (hit) {
      res.status(200).type(hit.contentType).setHeader("Cache-Control", hit.cacheControl);
      if (hit.vary) res.setHeader("Vary", hit.vary);
      res.setHeader("X-Page-Cache", hit.stale ? "stale" : "hit");
      res.send(hit.body.replaceAll(hit.nonce, nonce));
      return;
    }
    res.setHeader("X-Page-Cache", "miss");
    this.markRendering(key, res);
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(toBuffer(chunk, rest[0]));
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
      if (isPublicPage(res)) {
        const vary = res.getHeader("Vary");
        this.set(key, {
          body: Buffer.concat(chunks).toString("utf8"),
          nonce,
          contentType: String(res.getHeader("Content-Type")),
          cacheControl: String(res.getHeader("Cache-Control")),
          vary: vary === undefined ? undefined : String(vary),
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }
}

/**
 * What of a request's cookies a visitor's page depends on: the display preferences (`publicKey`),
 * and whether it carries any of the app's own cookies (a session, a sign-in under way).
 */
export function visitorCookies(cookieHeader: string | undefined): { publicKey: string; appCookie: boolean } {
  const parts: string[] = [];
  let appCookie = false;
  for (const [name, value] of Object.entries(parseCookies(cookieHeader))) {
    if (name === TIME_ZONE_COOKIE) {
      // The zone the page is written in, by its canonical name: every spelling of a zone
      // ("aMeRiCa/ChIcAgO") shares one copy; the default zone, a zone no runtime knows and no
      // cookie at all (each written in the default) share another.
      const zone = viewerTimeZone(null, decodeCookieValue(value));
      if (zone !== DEFAULT_TIME_ZONE) parts.push(`${name}=${zone}`);
    } else if ((PUBLIC_COOKIES as readonly string[]).includes(name)) parts.push(`${name}=${value}`);
    else if (name.startsWith(APP_COOKIE_PREFIX)) appCookie = true;
  }
  return { publicKey: parts.sort().join(";"), appCookie };
}

/**
 * A page another viewer may get a copy of: a 200 HTML answer its route declared the same for
 * everyone (`public`, not `private` or `no-store`) that sets no cookie.
 */
function isPublicPage(res: Pick<Response, "statusCode" | "getHeader">): boolean {
  const cacheControl = String(res.getHeader("Cache-Control") ?? "");
  return (
    res.statusCode === 200 &&
    String(res.getHeader("Content-Type") ?? "").startsWith("text/html") &&
    !res.getHeader("Set-Cookie") &&
    /\bpublic\b/.test(cacheControl) &&
    !/no-store|private/.test(cacheControl)
  );
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}
