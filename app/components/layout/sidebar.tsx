import { useLocation } from "@remix-run/react";
import { isCurrentPath, Link } from "~/components/ui/link";
import {
  ChevronDown,
  ClipboardCheck,
  Compass,
  Eye,
  Heart,
  type IconType,
  PanelLeftClose,
  PanelLeftOpen,
  Phone,
  Rss,
  Star,
  Trophy,
  Users,
} from "~/components/ui/icons";
import { useId, useState, type ReactNode } from "react";
import { clsx } from "clsx";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { preferenceCookie } from "~/modules/http/cookies";
import { NAV_ITEMS, visibleNavItems } from "~/modules/site/site";
import type { RootLoaderData } from "~/root";
import type { HeaderUser } from "./header";
import { useRootData } from "./root-data";
import { IconTip } from "~/components/ui/icon-tip";

export interface ExpertLink {
  id: string;
  userName: string;
  avatar: string;
}

const ICONS: Record<string, IconType> = {
  "/feed": Rss,
  "/posts/liked": Heart,
  "/watchlist": Eye,
  "/discover-experts": Compass,
  "/leaderboard": Trophy,
  "/admin/events": ClipboardCheck,
  "/admin/support": Phone,
};

export const SIDEBAR_COOKIE = "sidebar";

/**
 * The desktop sidebar: 288 px open, 64 px collapsed. The choice is kept in a cookie so the
 * server renders the right width on the next page load.
 */
export function Sidebar({
  initialOpen,
  user,
  topExperts,
}: {
  initialOpen: boolean;
  user: HeaderUser | null;
  topExperts: ExpertLink[];
}) {
  const [open, setOpen] = useState(initialOpen);
  function toggle() {
    const next = !open;
    setOpen(next);
    document.cookie = preferenceCookie(SIDEBAR_COOKIE, next ? "open" : "closed");
  }
  return (
    <aside
      aria-label="Sidebar"
      data-state={open ? "open" : "closed"}
      className={clsx(
        "sticky top-header hidden h-[calc(100vh-var(--spacing-header))] shrink-0 overflow-y-auto border-r border-slate-200 bg-white transition-[width] duration-200 lg:block",
        open ? "w-sidebar" : "w-sidebar-collapsed",
      )}
    >
      <div className={clsx("flex p-3", open ? "justify-end" : "justify-center")}>
        <button
          type="button"
          onClick={toggle}
          aria-expanded={open}
          aria-label={open ? "Collapse sidebar" : "Expand sidebar"}
          className="relative rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          {open ? (
            <PanelLeftClose className="size-5" aria-hidden="true" />
          ) : (
            <PanelLeftOpen className="size-5" aria-hidden="true" />
          )}
          <IconTip label={open ? "Collapse sidebar" : "Expand sidebar"} />
        </button>
      </div>
      <SidebarNavigation collapsed={!open} user={user} topExperts={topExperts} />
    </aside>
  );
}

/** The navigation list shared by the sidebar and the mobile menu. */
export function SidebarNavigation({
  collapsed = false,
  user,
  topExperts,
  onNavigate,
}: {
  collapsed?: boolean;
  user: HeaderUser | null;
  topExperts: ExpertLink[];
  onNavigate?: () => void;
}) {
  const items = visibleNavItems(NAV_ITEMS, user ? user.roles : null);
  const [feed, ...rest] = items;
  // Read once for every link below (a link of its own reading it costs each render a hook call).
  const { pathname } = useLocation();
  // A signed-in reader's home page is their feed (app/routes/_index.tsx): Feed is current there too.
  const feedIsHome = pathname === "/" && user !== null;
  const root = useRootData();
  const subscriptions = root?.subscriptions ?? [];
  const newPosts = subscriptions.reduce((sum, subscription) => sum + subscription.newPosts, 0);
  return (
    <nav aria-label="Main" className="px-3 pb-6">
      <ul className="space-y-1">
        {feed ? (
          <NavItemLink
            to={feed.to}
            label={feed.label}
            collapsed={collapsed}
            onNavigate={onNavigate}
            current={feedIsHome || isCurrentPath(pathname, feed.to)}
          />
        ) : null}
        <ExpandableSection
          label="Subscriptions"
          icon={Users}
          collapsed={collapsed}
          defaultOpen={subscriptions.length > 0}
          badge={newPosts}
        >
          {user ? (
            <SubscriptionLinks subscriptions={subscriptions} pathname={pathname} onNavigate={onNavigate} />
          ) : (
            <p className="px-3 py-2 text-sm text-slate-500">
              <Link
                to="/sign-in"
                onClick={onNavigate}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                Sign in
              </Link>{" "}
              to see the experts you subscribe to.
            </p>
          )}
        </ExpandableSection>
        {rest.map((item) => (
          <NavItemLink
            key={item.to}
            to={item.to}
            label={item.label}
            collapsed={collapsed}
            onNavigate={onNavigate}
            current={isCurrentPath(pathname, item.to)}
          />
        ))}
        <ExpandableSection label="Recommended" icon={Star} collapsed={collapsed} defaultOpen>
          {topExperts.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-500">No experts yet.</p>
          ) : (
            <ul className="space-y-0.5">
              {topExperts.map((expert) => (
                <li key={expert.id}>
                  <ExpertNavLink
                    userName={expert.userName}
                    avatar={expert.avatar}
                    pathname={pathname}
                    onNavigate={onNavigate}
                  />
                </li>
              ))}
            </ul>
          )}
        </ExpandableSection>
      </ul>
    </nav>
  );
}

/** The experts the user subscribes to, each with the count of posts they have not seen yet. */
function SubscriptionLinks({
  subscriptions,
  pathname,
  onNavigate,
}: {
  subscriptions: RootLoaderData["subscriptions"];
  pathname: string;
  onNavigate?: () => void;
}) {
  if (subscriptions.length === 0) {
    return (
      <p className="px-3 py-2 text-sm text-slate-500">
        No subscriptions yet.{" "}
        <Link
          to="/discover-experts"
          onClick={onNavigate}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Discover experts
        </Link>
      </p>
    );
  }
  return (
    <ul aria-label="Subscribed experts" className="space-y-0.5">
      {subscriptions.map((subscription) => (
        <li key={subscription.expertId}>
          <ExpertNavLink
            userName={subscription.userName}
            avatar={subscription.avatar}
            pathname={pathname}
            onNavigate={onNavigate}
          >
            {subscription.newPosts > 0 ? (
              <span
                className="ml-auto rounded-full bg-brand-500 px-2 py-0.5 text-xs font-bold text-ink"
                data-testid="new-posts-count"
              >
                {subscription.newPosts > 99 ? "99+" : subscription.newPosts}
                <span className="sr-only"> new {subscription.newPosts === 1 ? "post" : "posts"}</span>
              </span>
            ) : null}
          </ExpertNavLink>
        </li>
      ))}
    </ul>
  );
}

function ExpertNavLink({
  userName,
  avatar,
  pathname,
  onNavigate,
  children,
}: {
  userName: string;
  avatar: string;
  pathname: string;
  onNavigate?: () => void;
  children?: ReactNode;
}) {
  const to = `/experts/${userName}`;
  const current = isCurrentPath(pathname, to);
  return (
    <Link
      to={to}
      onClick={onNavigate}
      aria-current={current ? "page" : undefined}
      className={
        current ? "sidebar-expert bg-brand-50 font-semibold text-brand-800" : "sidebar-expert sidebar-expert-idle"
      }
    >
      <ProxiedImage src={avatar} width={24} height={24} className="size-6 rounded-full" loading="lazy" />
      <span className="truncate">{userName}</span>
      {children}
    </Link>
  );
}

function NavItemLink({
  to,
  label,
  collapsed,
  onNavigate,
  current,
}: {
  to: string;
  label: string;
  collapsed: boolean;
  onNavigate?: () => void;
  current: boolean;
}) {
  const Icon = ICONS[to] ?? Rss;
  return (
    <li>
      <Link
        to={to}
        onClick={onNavigate}
        title={collapsed ? label : undefined}
        aria-current={current ? "page" : undefined}
        className={`sidebar-link ${collapsed ? "justify-center px-2" : "px-3"} ${current ? "bg-brand-50 text-brand-800" : "sidebar-link-idle"}`}
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        <span className={collapsed ? "sr-only" : undefined}>{label}</span>
      </Link>
    </li>
  );
}

function ExpandableSection({
  label,
  icon: Icon,
  collapsed,
  defaultOpen = false,
  badge = 0,
  children,
}: {
  label: string;
  icon: IconType;
  collapsed: boolean;
  defaultOpen?: boolean;
  /** A count shown on the heading (new posts), so a closed section still tells there is news. */
  badge?: number;
  children: ReactNode;
}) {
  const [expanded, setExpanded] = useState(defaultOpen);
  const panelId = useId();
  return (
    <li>
      <button
        type="button"
        onClick={() => setExpanded(!expanded)}
        aria-expanded={expanded && !collapsed}
        aria-controls={panelId}
        title={collapsed ? label : undefined}
        className={clsx(
          "relative flex w-full items-center gap-3 rounded-md py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900",
          collapsed ? "justify-center px-2" : "px-3",
        )}
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        <span className={collapsed ? "sr-only" : "flex-1 text-left"}>{label}</span>
        {badge > 0 ? (
          <span
            className={clsx(
              "rounded-full bg-brand-500 text-xs font-bold text-ink",
              collapsed ? "absolute right-0.5 top-0.5 px-1.5" : "px-2 py-0.5",
            )}
            data-testid="new-posts-total"
          >
            {badge > 99 ? "99+" : badge}
            <span className="sr-only"> new {badge === 1 ? "post" : "posts"}</span>
          </span>
        ) : null}
        {collapsed ? null : (
          <ChevronDown className={clsx("size-4 transition-transform", expanded && "rotate-180")} aria-hidden="true" />
        )}
      </button>
      <div id={panelId} hidden={!expanded || collapsed} className="mt-1 pl-4">
        {children}
      </div>
    </li>
  );
}
