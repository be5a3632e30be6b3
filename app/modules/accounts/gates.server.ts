/**
 * Access gates (product.md "States" and "Roles and permissions"), one set for every route. Page gates throw redirects:
 * a visitor goes to /sign-in?callbackUrl=…, an unconfirmed user to /email-verification?callbackUrl=…, a
 * signed-in user failing a role gate gets a 403. API gates throw 401/403 in the API's shape.
 */
import { isStorableText } from "~/modules/http/storable";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { AppError } from "~/modules/http/app-error";
import { accessSessionId, readViewer, type Viewer } from "./sessions.server";
import { MAX_CALLBACK_URL_LENGTH, signInHref, type AuthPage } from "./sign-in-link";

type GateContext = Pick<AppLoadContext, "db" | "env" | "requestScope">;

// Several loaders of one request ask for the viewer: look it up once. Remix hands each loader a
// copy of the request, so the key is the request's scope (server.ts), else the Request itself.
const viewers = new WeakMap<object, Promise<Viewer | null>>();
const scopeOf = (request: Request, context: GateContext): object => context.requestScope ?? request;

export function getViewer(request: Request, context: GateContext): Promise<Viewer | null> {
  const scope = scopeOf(request, context);
  let viewer = viewers.get(scope);
  if (!viewer) {
    viewer = readViewer(context.db, context.env.SESSION_SECRET, request.headers.get("Cookie"));
    viewers.set(scope, viewer);
  }
  return viewer;
}

/**
 * The viewer read together with something else in one statement (`read`, given the access
 * cookie's session id, answers null when the session is not live): the root loader reads the
 * sidebar so. Later `getViewer` calls of this request reuse the viewer. When this request has
 * already looked the viewer up, `read` does not run and `along` is null: read it on its own.
 */
export async function getViewerAlong<T>(
  request: Request,
  context: GateContext,
  read: (sessionId: string) => Promise<{ viewer: Viewer; along: T } | null>,
): Promise<{ viewer: Viewer | null; along: T | null }> {
  const scope = scopeOf(request, context);
  const known = viewers.get(scope);
  if (known) return { viewer: await known, along: null };
  const sessionId = accessSessionId(request.headers.get("Cookie"), context.env.SESSION_SECRET);
  const both = sessionId ? read(sessionId) : Promise.resolve(null);
  const viewer = both.then((result) => result?.viewer ?? null);
  // Awaited by later getViewer calls, if any; a failure reaches the caller through `both`.
  viewer.catch(() => {});
  viewers.set(scope, viewer);
  const result = await both;
  return { viewer: result?.viewer ?? null, along: result?.along ?? null };
}

/** `page` (sign-in by default) with this request's page as the callback to come back to. */
function returningTo(request: Request, page?: AuthPage): string {
  const url = new URL(request.url);
  return signInHref(url.pathname.replace(/\.data$/, ""), url.search, page);
}

/** Where a visitor is sent to sign in, coming back here afterwards. */
export const signInUrl = (request: Request): string => returningTo(request);

/**
 * Only a local path may be a callback: never another site (open redirect). Browsers drop tabs and
 * line breaks from a Location before reading it ("/\t/evil.example" is "//evil.example"), so a
 * callback with a control character is refused too, and so is one longer than any address of ours
 * (a loader echoes the callback into its page).
 */
export function safeCallbackUrl(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.length > MAX_CALLBACK_URL_LENGTH) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value) || !isStorableText(value)) return fallback;
  // A Location holds bytes: anything past ASCII (a line separator, an accent) goes percent-encoded,
  // as a browser would send it, rather than failing the redirect.
  return value.replace(/[^\u0020-\u007e]+/g, (text) => encodeURIComponent(text));
}

export async function requireViewer(request: Request, context: GateContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw redirect(signInUrl(request));
  return viewer;
}

/** The local path to return to after signing in or up, or null (product.md "States"). */
export function callbackUrlOf(value: FormDataEntryValue | string | null): string | null {
  return typeof value === "string" && value ? safeCallbackUrl(value, "") || null : null;
}

/** Visitors only: someone signed in goes on to where the sign-in would have led (the callback), else home. */
export async function requireAnonymous(request: Request, context: GateContext): Promise<void> {
  if (await getViewer(request, context))
    throw redirect(callbackUrlOf(new URL(request.url).searchParams.get("callbackUrl")) ?? "/");
}

/** Signed in with an e-mail still to confirm (the verification screens). */
export async function requireUnconfirmedEmail(request: Request, context: GateContext): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  if (viewer.user.emailConfirmed) throw redirect("/");
  return viewer;
}

/** Signed in with a confirmed e-mail; an unconfirmed one enters its code first and comes back here. */
export async function requireConfirmedEmail(request: Request, context: GateContext): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  if (!viewer.user.emailConfirmed) {
    throw redirect(returningTo(request, "/email-verification"));
  }
  return viewer;
}

/** Roles gate: an empty list lets any signed-in user through. */
export async function requireRoles(request: Request, context: GateContext, roles: string[]): Promise<Viewer> {
  const viewer = await requireConfirmedEmail(request, context);
  if (roles.length > 0 && !roles.some((role) => viewer.user.roles.includes(role))) {
    throw new Response("Forbidden", { status: 403 });
  }
  return viewer;
}

export async function requireApiViewer(request: Request, context: GateContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw new AppError(401);
  return viewer;
}

/**
 * API gate for a route whose one statement checks the session itself (`sessionUserId`): the
 * access cookie's session id (signature and lifetime checked here), 401 without one. The route
 * must answer 401 too when its statement finds the session no longer live.
 */
export function requireApiSessionId(request: Request, context: GateContext): string {
  const sessionId = accessSessionId(request.headers.get("Cookie"), context.env.SESSION_SECRET);
  if (!sessionId) throw new AppError(401);
  return sessionId;
}

export async function requireApiConfirmedViewer(request: Request, context: GateContext): Promise<Viewer> {
  const viewer = await requireApiViewer(request, context);
  if (!viewer.user.emailConfirmed) throw new AppError(403, "Please confirm your e-mail address first.");
  return viewer;
}

/** API roles gate: 401 for a visitor, 403 for an unconfirmed e-mail or a user without one of the roles. */
export async function requireApiRoles(request: Request, context: GateContext, roles: string[]): Promise<Viewer> {
  const viewer = await requireApiConfirmedViewer(request, context);
  if (roles.length > 0 && !roles.some((role) => viewer.user.roles.includes(role))) throw new AppError(403);
  return viewer;
}
