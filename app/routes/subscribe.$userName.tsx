import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FormError, linkClass } from "~/components/auth/auth-form";
import { Button } from "~/components/ui/button";
import { Check, ShieldCheck } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { requireConfirmedEmail, safeCallbackUrl } from "~/modules/accounts/gates.server";
import { findExpert, type Expert } from "~/modules/experts/experts.server";
import { AppError } from "~/modules/http/app-error";
import { redeemCodeField } from "~/modules/subscriptions/promo-codes";
import { readForm } from "~/web/form-input.server";
import { subscriptionOffer } from "~/modules/subscriptions/subscription-offer.server";
import { billingText, OfferSummary, PromoCodeForm } from "~/components/subscriptions/subscribe-offer";
import { formatRecord, formatUnits } from "~/modules/record/figures";
import { pageMeta } from "~/modules/seo/meta";
import { subscribe } from "~/modules/subscriptions/subscription-changes.server";
import { SUBSCRIPTION_DAYS } from "~/modules/subscriptions/subscriptions.server";
import { subscribeHref, subscriptionPaymentHref } from "~/modules/subscriptions/subscribe-link";

export const meta: MetaFunction<typeof loader> = ({ matches, location, data }) =>
  pageMeta({ matches, location }, data ? `Subscribe to ${data.expert.userName}` : "Subscribe");

/** The expert named in the address, as this reader sees it; 404 for anyone else. */
async function readExpert(request: Request, context: LoaderFunctionArgs["context"], userName: string) {
  const viewer = await requireConfirmedEmail(request, context);
  const expert = await findExpert(context.db, userName, viewer.user.id);
  if (!expert) throw new Response(null, { status: 404, statusText: "Not Found" });
  const expertPage = `/experts/${encodeURIComponent(expert.userName)}`;
  // Where the reader came from (a locked pick, the expert's page), to return to once subscribed.
  const next = safeCallbackUrl(new URL(request.url).searchParams.get("next"), expertPage);
  return { viewer, expert, expertPage, next };
}

/**
 * The subscription step every Subscribe button leads to: the price, the period, what it opens
 * and how to cancel, before anything is charged (docs/product.md "Subscribing"). A visitor signs
 * in or up first and comes back here (the gate keeps this address, `next` included); a reader
 * who already has access, or the expert on their own page, goes straight on.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { viewer, expert, expertPage, next } = await readExpert(request, context, params.userName ?? "");
  if (expert.id === viewer.user.id) throw redirect(expertPage);
  if (expert.isSubscribed) throw redirect(next);
  const typed = redeemCodeField.catch(undefined).parse(new URL(request.url).searchParams.get("code") ?? undefined);
  // One address per expert, as on their page.
  if (params.userName !== expert.userName) throw redirect(subscribeHref(expert.userName, next, typed));
  const { offer, codeError } = await offerWithCode(context.db, expert.id, viewer.user.id, typed);
  return {
    expert: stepExpert(expert),
    offer,
    typedCode: typed ?? "",
    codeError,
    description: expert.subscriptionPrice?.description ?? null,
    paymentsEnabled: context.env.PAYMENTS_ENABLED,
    periodDays: SUBSCRIPTION_DAYS,
    next,
    expertPage,
  };
}

/** The offer with the reader's code; a code that cannot be used is said beside the field, and the offer shown without it. */
async function offerWithCode(
  db: LoaderFunctionArgs["context"]["db"],
  expertId: string,
  readerId: string,
  code?: string,
) {
  try {
    return { offer: await subscriptionOffer(db, expertId, readerId, code), codeError: null };
  } catch (error) {
    if (!code || !(error instanceof AppError) || (error.status !== 422 && error.status !== 429)) throw error;
    return { offer: await subscriptionOffer(db, expertId, readerId, undefined), codeError: error.message };
  }
}

/** Subscribe: with card payments, on to the card form; without, the subscription starts now. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { viewer, expert, expertPage, next } = await readExpert(request, context, params.userName ?? "");
  if (expert.id === viewer.user.id) throw redirect(expertPage);
  // Sent twice (a double tap, a second tab): the first one did it.
  if (expert.isSubscribed) throw redirect(next);
  // Read leniently: a code that is no code is left out (the step's GET form checks it in words).
  const code = redeemCodeField.catch(undefined).parse((await readForm(request)).get("code") ?? undefined);
  if (context.env.PAYMENTS_ENABLED) throw redirect(subscriptionPaymentHref(expert.userName, next, code));
  try {
    // `next` is where the step began: a post's page counts the subscription for that post.
    await subscribe(context, viewer.user, expert.id, new Date(), next, code);
  } catch (error) {
    // Refused (the expert stopped selling, say): the step shows the server's reason.
    if (!(error instanceof AppError)) throw error;
    return data(
      { ok: false as const, error: error.message, statusCode: error.status },
      { status: error.status, headers: error.headers },
    );
  }
  // Back to the page the reader came from, unlocked.
  throw redirect(next);
}

/** What the step shows of the expert. */
function stepExpert(expert: Expert) {
  return {
    userName: expert.userName,
    name: `${expert.firstName} ${expert.lastName}`.trim() || expert.userName,
    avatar: expert.avatar,
    record: expert.record,
  };
}

export default function SubscribeStep() {
  const { expert, offer, typedCode, codeError, description, paymentsEnabled, periodDays, next, expertPage } =
    useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.error;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { record } = expert;
  const graded = record.wins + record.losses + record.pushes;
  const trial = offer.trialDays > 0;
  return (
    <AuthCard
      title={`Subscribe to ${expert.userName}`}
      description={
        <div className="flex flex-col items-center gap-2">
          <ProxiedImage
            src={expert.avatar}
            width={56}
            height={56}
            className="size-14 rounded-full bg-slate-100 object-cover"
          />
          <p className="font-semibold text-slate-900">{expert.name}</p>
          {graded > 0 ? (
            <p>
              Verified record: {formatRecord(record)}, {formatUnits(record.units)}
            </p>
          ) : null}
        </div>
      }
      footer={
        <>
          Not now?{" "}
          <Link to={next} className={linkClass}>
            Go back
          </Link>
        </>
      }
    >
      {offer.price !== null || !paymentsEnabled ? (
        <div className="space-y-5">
          <OfferSummary offer={offer} paymentsEnabled={paymentsEnabled} />
          {description ? <p className="text-center text-sm text-slate-600">{description}</p> : null}
          <section aria-labelledby="included-heading">
            <h2 id="included-heading" className="text-sm font-semibold text-slate-900">
              What is included
            </h2>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
              {[
                `Every subscriber-only pick ${expert.userName} posts, with its analysis`,
                "The picks already posted, as soon as you subscribe",
                "A notification when a new pick is up",
              ].map((line) => (
                <li key={line} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {line}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="cancel-heading">
            <h2 id="cancel-heading" className="text-sm font-semibold text-slate-900">
              Billing and cancelling
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {billingText(offer, paymentsEnabled, periodDays)} Cancel any time on{" "}
              <Link to="/payments" className={linkClass}>
                Payments
              </Link>{" "}
              or on {expert.userName}&apos;s page: you keep access until the end of the period, and nothing renews after
              it.
            </p>
          </section>
          <PromoCodeForm next={next} typedCode={typedCode} applied={offer.code} error={codeError} />
          <Form method="post" className="space-y-5">
            {offer.code ? <input type="hidden" name="code" value={offer.code.code} /> : null}
            <FormError id="subscribe-error" errors={refused ? [refused] : undefined} />
            <Button variant="ink" size="xl" block pending type="submit" disabled={busy}>
              {trial ? "Start free trial" : paymentsEnabled ? "Continue to payment" : "Subscribe for free"}
            </Button>
          </Form>
          {paymentsEnabled ? (
            <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
              <ShieldCheck className="size-4" aria-hidden="true" />
              Payments are processed securely by Stripe.
            </p>
          ) : null}
        </div>
      ) : (
        <div className="text-center text-sm text-slate-700">
          <p>{expert.userName} has not set a subscription price yet, so there is nothing to subscribe to.</p>
          <p className="mt-2">
            <Link to={expertPage} className={linkClass}>
              Follow {expert.userName} instead
            </Link>{" "}
            to see their free posts in your feed.
          </p>
        </div>
      )}
    </AuthCard>
  );
}
