import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell } from "~/components/layout/app-shell";
import { useRootData } from "~/components/layout/root-data";
import { ErrorPage, errorPageText } from "~/components/layout/error-page";
import { useNonce } from "~/components/nonce";
import { POST_EDITOR_PARAM } from "~/components/post-editor/editor-param";
import { isExpert } from "~/modules/accounts/current-user";
import { getViewerAlong, signInUrl } from "~/modules/accounts/gates.server";
import type { Viewer } from "~/modules/accounts/sessions.server";
import { readCookie } from "~/modules/http/cookies";
import { rankedExperts } from "~/modules/experts/recommendations.server";
import { readShellPersonal } from "~/web/page-frame.server";
import { readViewerWithSidebar, type SidebarSubscription } from "~/modules/subscriptions/sidebar-subscriptions.server";
import { expertPageUserName } from "~/modules/site/page-paths";
import { defaultMeta, titleFor } from "~/modules/seo/meta";
import { TIME_ZONE_COOKIE, viewerTimeZone } from "~/modules/time/clock";
import "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cookieHeader = request.headers.get("Cookie");
  const consent = readCookie(cookieHeader, "cookieConsent");
  const url = new URL(request.url);
  // The ranking is cached per instance: starting it beside the viewer costs nothing most requests.
  const [{ viewer, along: sidebar }] = await Promise.all([
    viewerAndSidebar(request, context),
    rankedExperts(context.db),
  ]);
  gatePostEditor(request, url, viewer);
  const personal = await readShellPersonal(context.db, viewer, sidebar);
  return {
    appName: context.env.APP_NAME,
    // Absolute addresses in meta tags (canonical, Open Graph).
    siteUrl: context.env.APP_URL,
    // The page compares it with the background worker's every 30 s (UpdateNotice).
    buildId: context.appBuild.id,
    user: viewer?.user ?? null,
    // Every date on every page is written in this zone, on the server and in the browser alike.
    timeZone: viewerTimeZone(viewer?.user.timezone, readCookie(cookieHeader, TIME_ZONE_COOKIE)),
    cookieConsent: consent === "true" || consent === "false" ? consent : null,
    sidebarOpen: readCookie(cookieHeader, "sidebar") !== "closed",
    topExperts: personal.topExperts,
    subscriptions: withOpenedExpertRead(personal.subscriptions, url.pathname),
    site: { supportEmail: context.env.SUPPORT_EMAIL, helpline: context.env.HELPLINE },
    // Loaded only once the visitor accepts cookies (ThirdPartyScripts).
    thirdPartyScripts: [context.env.ANALYTICS_SCRIPT_URL, context.env.MESSENGER_SCRIPT_URL].filter((u): u is string =>
      Boolean(u),
    ),
  };
}

/**
 * The viewer and, in the same statement, the sidebar's subscriptions (`along` is null when this
 * request has already read the viewer: the sidebar is then read on its own). Loaders only read:
 * the read markers are written apart (read-markers.server.ts).
 */
function viewerAndSidebar(request: Request, context: LoaderFunctionArgs["context"]) {
  return getViewerAlong(request, context, async (sessionId) => {
    const read = await readViewerWithSidebar(context.db, sessionId);
    return read && { viewer: read.viewer, along: read.sidebar };
  });
}

/**
 * product.md "Screens and routes" and "Roles and permissions": only experts open the create/edit post dialog (any page with
 * `?createEditPost=`). A visitor signs in and comes back to it; a signed-in non-expert goes to
 * /become-expert, where one becomes an expert (decision 018).
 */
function gatePostEditor(request: Request, url: URL, viewer: Viewer | null) {
  if (!url.searchParams.has(POST_EDITOR_PARAM)) return;
  if (!viewer) throw redirect(signInUrl(request));
  if (!isExpert(viewer.user)) throw redirect("/become-expert");
}

/**
 * Opening an expert's page clears their new-post counter; the marker is written a moment after the
 * page (read-markers.server.ts), so this answer shows it cleared already.
 */
function withOpenedExpertRead(subscriptions: SidebarSubscription[], pathname: string): SidebarSubscription[] {
  const opened = expertPageUserName(pathname.replace(/\.data$/, ""))?.toLowerCase();
  if (!opened) return subscriptions;
  return subscriptions.map((item) => (item.userName.toLowerCase() === opened ? { ...item, newPosts: 0 } : item));
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error) return defaultMeta(data?.appName);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: titleFor(data?.appName ?? "Sharpside", errorPageText(status).title) }];
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1220" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  return (
    <AppShell data={data}>
      <Outlet />
    </AppShell>
  );
}

/** Every error page (product.md "Screens and routes") inside the same header, sidebar and footer. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <AppShell data={data}>
      <ErrorPage status={status} />
    </AppShell>
  );
}
