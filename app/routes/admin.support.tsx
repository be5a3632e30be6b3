import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import clsx from "clsx";
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { PageLinks } from "~/components/ui/page-links";
import { Time } from "~/components/time/time-zone";
import { requireRoles } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { readForm } from "~/web/form-input.server";
import { pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { UUID_PATTERN } from "~/modules/http/uuid";
import { pageMeta } from "~/modules/seo/meta";
import { listSupportRequests, setSupportRequestHandled } from "~/modules/support/support.server";
import { SUPPORT_PAGE_SIZE, SUPPORT_STATES, type SupportState } from "~/modules/support/support-states";

export const ADMIN_SUPPORT_TITLE = "Support requests";

export const meta: MetaFunction = ({ matches, location }) => [
  ...pageMeta({ matches, location }, ADMIN_SUPPORT_TITLE, "Call requests from the contacts page, to work through."),
  { name: "robots", content: "noindex" },
];

const stateOf = (url: URL): SupportState => (url.searchParams.get("state") === "handled" ? "handled" : "open");

/** Admins only: the requests still to call (newest first) or those handled (latest first). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRoles(request, context, ["Admin"]);
  const url = new URL(request.url);
  const state = stateOf(url);
  const page = pageFromUrl(url);
  const list = await listSupportRequests(context.db, state, page);
  return data(
    {
      state,
      page,
      ...list,
      totalPages: totalPagesOf(state === "open" ? list.openCount : list.handledCount, SUPPORT_PAGE_SIZE),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Mark a request handled (by this admin) or open again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, ["Admin"]);
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if (!UUID_PATTERN.test(id) || (intent !== "handled" && intent !== "reopen"))
    return data({ ok: false, message: "This support request does not exist." }, { status: 404 });
  try {
    await setSupportRequestHandled(context.db, id, viewer.user.id, intent === "handled");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ ok: false, message: error.message }, { status: error.status });
  }
  return { ok: true, message: intent === "handled" ? "Marked handled." : "Open again." };
}

const TAB_LABELS: Record<SupportState, string> = { open: "To call", handled: "Handled" };

export default function AdminSupportPage() {
  const { state, page, items, openCount, handledCount, totalPages } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  const counts: Record<SupportState, number> = { open: openCount, handled: handledCount };
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <h1 className="text-2xl font-extrabold tracking-tight">{ADMIN_SUPPORT_TITLE}</h1>
        <p className="mt-2 text-slate-600">
          Every &ldquo;Request a call&rdquo; from the contacts page, also e-mailed to the support address. Mark one
          handled once you have called.
        </p>
        <nav aria-label="Support request states" className="mt-4 flex gap-2">
          {SUPPORT_STATES.map((tab) => (
            <Link
              key={tab}
              to={tab === "open" ? "/admin/support" : "/admin/support?state=handled"}
              aria-current={tab === state ? "page" : undefined}
              className={clsx(
                "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold",
                tab === state ? "border-ink bg-ink text-white" : "border-slate-300 text-slate-800 hover:bg-slate-100",
              )}
            >
              {`${TAB_LABELS[tab]} (${counts[tab]})`}
            </Link>
          ))}
        </nav>
        {items.length === 0 ? (
          <p className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
            {state === "open" ? "No request is waiting for a call." : "No request has been handled yet."}
          </p>
        ) : (
          <ul className="mt-6 space-y-3" aria-label={`${TAB_LABELS[state]} requests`}>
            {items.map((item) => (
              <li key={item.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <article aria-label={`Request from ${item.name}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 className="break-words font-semibold text-slate-900">{item.name}</h2>
                      <p className="text-sm text-slate-700">
                        {[
                          item.phone ? (
                            <a
                              key="phone"
                              href={`tel:${item.phone.replace(/[^\d+]/g, "")}`}
                              className="font-semibold text-brand-700 underline"
                            >
                              {item.phone}
                            </a>
                          ) : null,
                          item.email ? (
                            <a key="email" href={`mailto:${item.email}`} className="break-all text-brand-700 underline">
                              {item.email}
                            </a>
                          ) : null,
                        ]
                          .filter(Boolean)
                          .flatMap((link, index) => (index === 0 ? [link] : [" · ", link]))}
                      </p>
                      <p className="text-xs text-slate-500">
                        {"Asked "}
                        <Time dateTime={item.createdAt} style="dateTime" />
                        {` · best time: ${item.preferredTime ?? "any"} · ${item.account ? `account @${item.account}` : "not signed in"}`}
                      </p>
                      {item.message ? (
                        <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">{item.message}</p>
                      ) : null}
                    </div>
                    <Form method="post">
                      <input type="hidden" name="id" value={item.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value={item.handledAt ? "reopen" : "handled"}
                        variant={item.handledAt ? "secondary" : "ink"}
                        size="lg"
                        disabled={busy}
                        aria-label={`${item.handledAt ? "Open again" : "Mark handled"}: ${item.name}`}
                      >
                        {item.handledAt ? "Open again" : "Mark handled"}
                      </Button>
                    </Form>
                  </div>
                  {item.handledAt ? (
                    <p className="mt-2 text-xs text-slate-500">
                      {"Handled "}
                      <Time dateTime={item.handledAt} style="dateTime" />
                      {item.handledBy ? ` by @${item.handledBy}` : ""}
                    </p>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}
        <PageLinks
          page={page}
          totalPages={totalPages}
          hrefFor={(target) => `/admin/support?${state === "handled" ? "state=handled&" : ""}page=${target}`}
          label="Support request pages"
        />
      </div>
    </div>
  );
}
