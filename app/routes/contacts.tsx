import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChevronDown, Mail, MessageCircle, Phone } from "~/components/ui/icons";
import { useEffect, type ReactNode } from "react";
import { toast } from "~/components/ui/toast";
import { RequestCallForm } from "~/components/support/request-call-form";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { AppError } from "~/modules/http/app-error";
import { pageMeta } from "~/modules/seo/meta";
import { TOP_FAQS } from "~/modules/site/site";
import { TEAM } from "~/modules/site/team";
import { supportRequestSchema } from "~/modules/support/support-schema";
import { createSupportRequest } from "~/modules/support/support.server";
import { getViewer } from "~/modules/accounts/gates.server";
import { supportViewer } from "~/modules/support/support-viewer";
import { publicPageHeaders } from "~/web/public-page";
import { parseForm, readForm } from "~/web/form-input.server";
import { buttonClass } from "~/components/ui/button";

/** The same for every signed-out visitor: the page micro-cache may keep it. */
export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    { matches, location },
    "Contacts",
    "Reach the Sharpside team: e-mail, live chat, request a call, and answers to the most common questions.",
  );

export function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.env.SUPPORT_EMAIL, messengerUrl: context.env.MESSENGER_URL ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await readForm(request), supportRequestSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), confirmation: null }, { status: 422 });
  }
  try {
    await createSupportRequest(context, submission.value, {
      ip: context.clientIp,
      viewer: supportViewer(await getViewer(request, context)),
      rule: context.env.RATE_LIMIT_SUPPORT_REQUEST,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The module's field errors (if any) go under their fields, anything else to the form root.
    const reply = error.fieldErrors
      ? submission.reply({ fieldErrors: error.fieldErrors })
      : submission.reply({ formErrors: [error.message] });
    return data({ result: reply, confirmation: null }, { status: error.status, headers: error.headers });
  }
  return {
    result: submission.reply({ resetForm: true }),
    confirmation: { name: submission.value.name, preferredTime: submission.value.preferredTime ?? null },
  };
}

export default function Contacts() {
  const { supportEmail, messengerUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  useEffect(() => {
    if (actionData?.confirmation) toast.success("Request sent. We will call you soon.");
  }, [actionData]);

  return (
    <div className="container-page py-8 lg:py-10">
      <header className="max-w-(--width-content)">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Contacts</h1>
        <p className="mt-3 text-slate-600">
          Questions about a subscription, a payment or becoming an expert? Pick whatever suits you: we answer e-mail and
          chat every day and usually call back within one business day.
        </p>
      </header>

      <ul className="mt-8 grid gap-4 md:grid-cols-3" aria-label="Ways to reach us">
        <ContactCard icon={<Mail className="size-5" aria-hidden="true" />} title="E-mail support">
          <p>We reply within 24 hours, usually much sooner.</p>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-3 inline-block break-words font-semibold text-brand-700 hover:underline"
          >
            {supportEmail}
          </a>
        </ContactCard>
        <ContactCard icon={<MessageCircle className="size-5" aria-hidden="true" />} title="Live chat">
          {messengerUrl ? (
            <>
              <p>Chat with the support team in our messenger.</p>
              <a
                href={messengerUrl}
                target="_blank"
                rel="nofollow noopener noreferrer"
                className={buttonClass({ variant: "primaryPale" }, "mt-3 gap-2")}
              >
                Start live chat<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          ) : (
            <>
              <p>Live chat is offline right now, so this opens an e-mail to support instead.</p>
              <a
                href={`mailto:${supportEmail}?subject=${encodeURIComponent("Live chat request")}`}
                className={buttonClass({ variant: "primaryPale" }, "mt-3 gap-2")}
              >
                Live chat by e-mail
              </a>
            </>
          )}
        </ContactCard>
        <ContactCard icon={<Phone className="size-5" aria-hidden="true" />} title="Call back">
          <p>Leave your number and a good time, and someone from the team will call you.</p>
          <a href="#request-a-call-heading" className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
            Fill in the form
          </a>
        </ContactCard>
      </ul>

      <div className="mt-10 grid gap-10 xl:grid-cols-2">
        <section
          aria-labelledby="request-a-call-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="request-a-call-heading" className="text-xl font-bold">
            Request a call
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Fields marked <span className="text-danger">*</span> are required.
          </p>
          <div className="mt-5">
            <RequestCallForm lastResult={actionData?.result} confirmation={actionData?.confirmation ?? null} />
          </div>
        </section>

        <section aria-labelledby="top-faqs-heading">
          <h2 id="top-faqs-heading" className="text-xl font-bold">
            Top FAQs
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {TOP_FAQS.map((faq) => (
              <details key={faq.question} className="group px-5 py-4">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-semibold text-slate-900 marker:hidden [&::-webkit-details-marker]:hidden">
                  {faq.question}
                  <ChevronDown
                    className="size-5 shrink-0 text-slate-500 transition group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <p className="mt-3 text-slate-600">{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>
      </div>

      <section aria-labelledby="team-heading" className="mt-12">
        <h2 id="team-heading" className="text-xl font-bold">
          Our team
        </h2>
        <p className="mt-1 text-slate-600">The people who read your messages and pick up the phone.</p>
        <ul className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
          {TEAM.map((person) => (
            <li key={person.name} className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm">
              <ProxiedImage
                src={person.photo}
                width={96}
                height={96}
                className="mx-auto size-20 rounded-full sm:size-24"
              />
              <p className="mt-3 font-semibold text-slate-900">{person.name}</p>
              <p className="text-sm text-slate-500">{person.role}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-600 shadow-sm">
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-1 flex flex-1 flex-col items-start">{children}</div>
    </li>
  );
}
