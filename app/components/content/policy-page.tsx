import { ExternalLink } from "~/components/ui/icons";
import { useRouteLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import type { RootLoaderData } from "~/root";
import type { PolicyPageData } from "~/modules/site/policies.server";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

export function PolicyPage({ data }: { data: PolicyPageData }) {
  // A policy hosted by a third party is framed only after the visitor accepts cookies (decision 025).
  const consent = useRouteLoaderData<RootLoaderData>("root")?.cookieConsent ?? null;
  if (data.embedUrl) {
    return (
      <div className="container-page py-8 lg:py-10">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{data.title}</h1>
          <a
            href={data.embedUrl}
            target="_blank"
            rel="nofollow noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            Open in a new tab
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        </div>
        {consent !== "true" ? (
          <p className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
            {"This policy is hosted by a third party. Accept cookies to show it here, or open it in a new tab."}
          </p>
        ) : (
          <iframe
            src={data.embedUrl}
            title={data.title}
            className="mt-6 h-[75vh] min-h-[480px] w-full rounded-2xl border border-slate-200 bg-white"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          />
        )}
      </div>
    );
  }
  const document = data.document!;
  return (
    <div className="container-page py-8 lg:py-10">
      <article className="max-w-(--width-content)">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{document.title}</h1>
          <p className="mt-2 text-sm text-slate-500">
            Last updated{" "}
            <time dateTime={document.lastUpdated}>{dateFormat.format(new Date(document.lastUpdated))}</time>
          </p>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{document.intro}</p>
        </header>

        <nav
          aria-labelledby="policy-contents"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="policy-contents" className="text-sm font-semibold uppercase tracking-wider text-slate-500">
            On this page
          </h2>
          <ol className="mt-3 list-decimal gap-x-10 pl-5 text-sm sm:columns-2">
            {document.sections.map((s) => (
              <li key={s.id} className="mb-1.5 break-inside-avoid">
                <a href={`#${s.id}`} className="text-slate-700 hover:text-brand-700 hover:underline">
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {document.sections.map((s, index) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-10 scroll-mt-20">
            <h2 id={`${s.id}-heading`} className="text-xl font-bold text-slate-900">
              {index + 1}. {s.heading}
            </h2>
            {s.blocks.map((block, i) =>
              typeof block === "string" ? (
                <p key={i} className="mt-3 leading-relaxed text-slate-700">
                  <WithEmailLinks text={block} email={document.contactEmail} />
                </p>
              ) : (
                <ul
                  key={i}
                  className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-slate-700 marker:text-brand-600"
                >
                  {block.list.map((item) => (
                    <li key={item}>
                      <WithEmailLinks text={item} email={document.contactEmail} />
                    </li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
      </article>
    </div>
  );
}

function WithEmailLinks({ text, email }: { text: string; email: string }) {
  const parts = text.split(email);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <a href={`mailto:${email}`} className="font-medium text-brand-700 underline hover:text-brand-800">
          {email}
        </a>
      ) : null}
    </Fragment>
  ));
}
