import type { ReactNode } from "react";
import { useClientNavigation } from "~/components/ui/link";
import { LazyToaster } from "~/components/ui/toast";
import type { RootLoaderData } from "~/root";
import { PostEditorHost } from "~/components/post-editor/post-editor-host";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { RememberTimeZone, TimeZoneProvider } from "~/components/time/time-zone";
import { OfflineNotice, UpdateNotice } from "./app-updates";
import { BackToTop } from "./back-to-top";
import { CookieBanner } from "./cookie-banner";
import { ThirdPartyScripts } from "./third-party-scripts";
import { Footer } from "./footer";
import { Header } from "./header";
import { NavigationProgress } from "./navigation-progress";
import { Sidebar } from "./sidebar";

export const TOAST_DURATION_MS = 5000;

/**
 * product.md "Screens and routes" "Layout": skip link, sticky header, collapsible sidebar (full-screen menu
 * below 1024 px), the page, footer, back-to-top, cookie banner, toasts, the progress bar, and the
 * offline message and new-version dialog.
 * Rendered with whatever root data exists, so error pages keep the same frame.
 */
export function AppShell({ data, children }: { data: RootLoaderData | undefined; children: ReactNode }) {
  const appName = data?.appName ?? "Sharpside";
  const user = data?.user ?? null;
  const topExperts = data?.topExperts ?? [];
  useClientNavigation();
  return (
    <TimeZoneProvider timeZone={data?.timeZone}>
      <ConfirmDialogProvider>
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-ink focus:shadow-lg"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <RememberTimeZone />
        <Header appName={appName} user={user} topExperts={topExperts} />
        <div className="flex min-h-[calc(100vh-var(--spacing-header))]">
          <Sidebar initialOpen={data?.sidebarOpen ?? true} user={user} topExperts={topExperts} />
          <div className="flex min-w-0 flex-1 flex-col">
            <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
              {children}
            </main>
            <Footer appName={appName} helpline={data?.site.helpline ?? "1-800-GAMBLER"} />
          </div>
        </div>
        <BackToTop />
        {data && data.cookieConsent === null ? <CookieBanner /> : null}
        {data ? <ThirdPartyScripts consent={data.cookieConsent} sources={data.thirdPartyScripts} /> : null}
        <PostEditorHost viewer={user} />
        {data ? <UpdateNotice buildId={data.buildId} /> : null}
        <OfflineNotice />
        <LazyToaster duration={TOAST_DURATION_MS} position="bottom-right" richColors closeButton />
      </ConfirmDialogProvider>
    </TimeZoneProvider>
  );
}
