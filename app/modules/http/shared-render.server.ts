/**
 * Signed-in pages rendered once per audience (decision 047). A page whose body is the same for
 * every reader (the leaderboard, the content pages) differs between signed-in readers only in
 * its frame: the account button, the sidebar's subscriptions and recommendations. Such a page is
 * rendered with a stand-in of the reader's audience (roles, e-mail state, time zone, display
 * cookies) in the frame, no one's name, subscriptions or id, kept for a couple of seconds, and
 * sent to each reader of that audience with the reader's own part beside it, in a JSON element
 * the browser applies after hydration. An expert's page or a post also has audiences of its own
 * (the expert's subscribers or not): its loader reads as the reader, keeps only what the audience
 * shares, and declares the audience; its reader's part adds their follow, likes and the like.
 * The home's reader's part is their feed, which the server renders into the page's slot
 * (decision 049).
 *
 * Only the pages of shared-pages.server.ts are rendered so, and only with the query parameters
 * they read: a page that shows anything else of its reader (settings) is never one. The same
 * layer keeps one visitor's copy of them for visitors the visitors' cache skips (decision 049).
 */
import type { NextFunction, Request, Response } from "express";
import type { Database } from "~/db/client.server";
import { accessSessionId, type Viewer } from "~/modules/accounts/sessions.server";
import { readShellPersonal } from "~/modules/sidebar/shell-personal.server";
import { readViewerWithSidebar } from "~/modules/sidebar/sidebar.server";
import { scriptSafeJson } from "~/modules/site/structured-data";
import { TIME_ZONE_COOKIE, viewerTimeZone } from "~/modules/time/clock";
import { readCookie } from "./cookies";
import { isPublicPage, PageCache, toBuffer, visitorCookies } from "./page-cache.server";
import { cookiesCarrySession } from "./page-caching.server";
import { sharedPageOf, type SharedPage } from "./shared-pages.server";
import {
  PERSONAL_DATA_ID,
  SLOT_ATTRIBUTE,
  slotPlaceholder,
  STAND_IN_USER_ID,
  type PersonalParts,
  type SlotRender,
} from "./shared-render";

/** What the root renders where the reader's own part goes (app/root.tsx). */
export const PERSONAL_PLACEHOLDER = `<script type="application/json" id="${PERSONAL_DATA_ID}"></script>`;

const PRIVATE = "private, no-store";

/** What loaders see of a shared render (the load context's `sharedRender`). */
export interface SharedRender {
  /** The stand-in reader: the audience's roles and settings, no one's identity. */
  viewer: Viewer;
  /**
   * The reader whose request this render answers, for a page whose audience depends on them (the
   * expert's subscribers): its loader reads as them, so the paywall decides as for them, and keeps
   * nothing of them but what is the same for the whole audience.
   */
  reader: Viewer;
  /**
   * Called by such a page's loader: the audience the paywall's decision for the reader makes it
   * (the copy is kept for that audience alone) and what the reader's own part is read from
   * (SharedPage.personal). A loader that does not call it (the expert's own page) is not kept.
   */
  declare(declaration: SharedDeclaration): void;
  /** The render's slots (SharedSlot): how to render each for a reader, kept with the copy. */
  slots: Map<string, SlotRender>;
}

export interface SharedDeclaration {
  audience: string;
  subject: unknown;
}

/** Everything the frame is rendered from besides the reader's identity: the audience. */
export function audienceOf(user: Viewer["user"], cookieHeader: string | null): string {
  const consent = readCookie(cookieHeader, "cookieConsent");
  return [
    [...user.roles].sort().join(","),
    user.emailConfirmed ? "confirmed" : "unconfirmed",
    user.signUpFlow,
    viewerTimeZone(user.timezone, readCookie(cookieHeader, TIME_ZONE_COOKIE)),
    consent === "true" || consent === "false" ? consent : "unasked",
    readCookie(cookieHeader, "sidebar") === "closed" ? "closed" : "open",
  ].join("|");
}

/** The audience's stand-in: what the render may know of the reader, and nothing else. */
export function standInViewer(viewer: Viewer): Viewer {
  const { user } = viewer;
  return {
    sessionId: "",
    user: {
      id: STAND_IN_USER_ID,
      email: "",
      emailConfirmed: user.emailConfirmed,
      roles: [...user.roles].sort(),
      timezone: user.timezone,
      signUpFlow: user.signUpFlow,
      userName: "",
      firstName: "",
      lastName: "",
      avatar: "",
    },
  };
}

/**
 * The page's slot (SharedSlot) with this reader's content: rendered from their page part by the
 * renderer the page's render kept. Without either, the slot stays empty; the browser then fills it.
 */
export function fillSlot(
  body: string,
  name: string | undefined,
  slots: ReadonlyMap<string, SlotRender> | undefined,
  page: unknown,
): string {
  const render = name ? slots?.get(name) : undefined;
  if (!name || !render || page === null || page === undefined) return body;
  const filled = `<div ${SLOT_ATTRIBUTE}="${name}">${render(page)}</div>`;
  return body.replace(slotPlaceholder(name), () => filled);
}

/** The shared page with this reader's part in its placeholder. */
export function withPersonal(body: string, personal: PersonalParts): string {
  const filled = `<script type="application/json" id="${PERSONAL_DATA_ID}">${scriptSafeJson(personal)}</script>`;
  // A function, so `$` in the data is never read as a replacement pattern.
  return body.replace(PERSONAL_PLACEHOLDER, () => filled);
}

export class SharedRenderCache {
  private readonly pages: PageCache;
  private readonly enabled: boolean;
  /** Per address, the subject its last render declared (a post's author, say): bounded. */
  private readonly subjects = new Map<string, unknown>();

  constructor(
    private readonly db: Database,
    private readonly sessionSecret: string,
    options: { ttlMs: number; maxEntries?: number },
  ) {
    this.pages = new PageCache({ ttlMs: options.ttlMs, maxEntries: options.maxEntries ?? 300 });
    this.enabled = options.ttlMs > 0;
  }

  /**
   * Express middleware, before Remix: answers a signed-in reader's shared page from the cache
   * with their part added, or lets Remix render it for the audience (`res.locals.sharedRender`)
   * and keeps the copy when the route declared it the same for everyone (`public`) and, for a page
   * with audiences, declared the audience it was asked for. A visitor the visitors' cache skipped
   * gets the visitors' copy (serveVisitor).
   */
  middleware(nonceOf: (res: Response) => string) {
    return (req: Request, res: Response, next: NextFunction) => {
      const shared = this.enabled && req.method === "GET" ? sharedPageOf(req.path, req.originalUrl) : null;
      if (!shared) return next();
      const sessionId = accessSessionId(req.headers.cookie ?? null, this.sessionSecret);
      if (sessionId) return void this.serve(req, res, next, { ...shared, sessionId, nonce: nonceOf(res) }).catch(next);
      // A visitor the visitors' cache left to the render for an app cookie no shared page reads (a
      // sign-in under way): their page is any visitor's (decision 049). A session cookie, even a
      // lapsed one, keeps its render.
      const cookies = visitorCookies(req.headers.cookie);
      if (cookies.appCookie && !cookiesCarrySession(req.headers.cookie))
        return this.serveVisitor(req, res, next, cookies.publicKey, nonceOf(res));
      next();
    };
  }

  /**
   * One visitor's copy per address and display preferences, made by a visitor's own render and
   * answered with its headers (the route's `public`, with `Vary: Cookie`), as the visitors' cache
   * answers any visitor.
   */
  private serveVisitor(req: Request, res: Response, next: NextFunction, publicKey: string, nonce: string) {
    this.pages.answer(`${req.originalUrl}\nvisitor\n${publicKey}`, res, next, nonce, "shared-");
  }

  private async serve(
    req: Request,
    res: Response,
    next: NextFunction,
    asked: { page: SharedPage; params: Record<string, string>; sessionId: string; nonce: string },
  ) {
    const { page, params, nonce } = asked;
    const read = await readViewerWithSidebar(this.db, asked.sessionId);
    // A session that lapsed: the page renders as for anyone else (the root loader finds no viewer).
    if (!read) return next();
    const reader = read.viewer;
    // The audience this reader is in, as far as this instance knows the page (its last render's
    // subject); undefined when it does not know yet.
    const predicted = page.audience
      ? page.audience(reader, read.sidebar, params, this.subjects.get(req.originalUrl))
      : "";
    // This reader's page is theirs alone.
    if (predicted === null) return next();
    const base = `${req.originalUrl}\n${audienceOf(reader.user, req.headers.cookie ?? null)}\n`;
    const frame = readShellPersonal(this.db, reader, read.sidebar);
    // A page with audiences reads its part from the subject its render declared; a page without,
    // from the address alone (the home's feed page).
    const url = new URL(req.originalUrl, "http://localhost");
    const personalOf = async (subject: unknown): Promise<PersonalParts> => ({
      frame: await frame,
      page:
        page.personal && (subject !== undefined || !page.audience)
          ? await page.personal(this.db, reader, subject, url)
          : null,
    });
    const finished = (body: string, personal: PersonalParts, slots: ReadonlyMap<string, SlotRender> | undefined) =>
      withPersonal(fillSlot(body, page.slot, slots, personal.page), personal);
    res.setHeader("Vary", "Cookie");
    const hit = predicted === undefined ? undefined : this.pages.get(base + predicted);
    if (hit) {
      const personal = await personalOf(hit.subject);
      res.status(200).type(hit.contentType).setHeader("Cache-Control", PRIVATE);
      res.setHeader("X-Page-Cache", hit.stale ? "shared-stale" : "shared-hit");
      res.send(finished(hit.body.replaceAll(hit.nonce, nonce), personal, hit.slots));
      return;
    }
    let declared: SharedDeclaration | null = null;
    const render: SharedRender = {
      viewer: standInViewer(reader),
      reader,
      declare: (declaration) => void (declared = declaration),
      slots: new Map(),
    };
    res.locals.sharedRender = render;
    if (predicted !== undefined) this.pages.markRendering(base + predicted, res);
    this.captureRender(res, async (body) => {
      if (
        isPublicPage(res) &&
        body.includes(PERSONAL_PLACEHOLDER) &&
        // A page with audiences is kept for the audience its render declared (the paywall's own
        // decision for this reader), whatever was predicted.
        (!page.audience || declared)
      ) {
        this.pages.set(base + (declared?.audience ?? ""), {
          body,
          nonce,
          contentType: String(res.getHeader("Content-Type")),
          cacheControl: PRIVATE,
          subject: declared?.subject,
          slots: render.slots,
        });
        if (declared) this.rememberSubject(req.originalUrl, declared.subject);
      }
      // Whatever the route declared, this copy carries one reader's data.
      res.setHeader("Cache-Control", PRIVATE);
      res.setHeader("X-Page-Cache", "shared-miss");
      return finished(body, await personalOf(declared?.subject), render.slots);
    });
    next();
  }

  private rememberSubject(url: string, subject: unknown) {
    this.subjects.delete(url);
    this.subjects.set(url, subject);
    if (this.subjects.size > this.pages.maxEntries) this.subjects.delete(this.subjects.keys().next().value!);
  }

  /**
   * Holds the render's writes until it ends, then sends `finish(body)` instead: the reader's part
   * goes into the page before any of it leaves (these pages are small and not streamed). If the
   * reader's part cannot be read, the page goes without it (the browser then asks for the frame).
   */
  private captureRender(res: Response, finish: (body: string) => Promise<string>) {
    const chunks: Buffer[] = [];
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const target = res as Response & { flush?: () => void };
    target.flush = () => {};
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(toBuffer(chunk, rest[0]));
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
      const callback = [chunk, ...rest].find((arg) => typeof arg === "function");
      const body = Buffer.concat(chunks);
      if (!String(res.getHeader("Content-Type") ?? "").startsWith("text/html")) return end(body, callback);
      res.removeHeader("Content-Length");
      const html = body.toString("utf8");
      finish(html).then(
        (page) => end(page, callback),
        () => end(html, callback),
      );
      return res;
    }) as Response["end"];
  }
}
