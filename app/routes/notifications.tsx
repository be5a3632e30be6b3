import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NotificationList } from "~/components/notifications/notification-list";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { pageMeta } from "~/modules/seo/meta";

export const NOTIFICATIONS_TITLE = "Notifications";

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location }, NOTIFICATIONS_TITLE, "What happened on your posts, picks and experts.");

/**
 * Signed-in with a confirmed e-mail (others verify first). The server renders the page's frame; the list itself is loaded in the browser
 * from the list API, which is never cached (product.md "The API" and "Limits"), with the same mark-read
 * rule and live additions as the header's panel.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireConfirmedEmail(request, context);
  return null;
}

export default function Notifications() {
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{NOTIFICATIONS_TITLE}</h1>
        <section
          aria-label="Your notifications"
          className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <NotificationList variant="page" />
        </section>
      </div>
    </div>
  );
}
