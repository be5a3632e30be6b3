import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CheckCircle2 } from "~/components/ui/icons";
import { AuthCard } from "~/components/auth/auth-form";
import { stopNewPickEmails, userOfUnsubscribeToken } from "~/modules/notifications/preferences.server";
import { pageMeta } from "~/modules/seo/meta";
import { Button, ButtonLink } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Unsubscribe");

const INVALID = "This unsubscribe link is not valid. You can turn e-mails off in Settings.";

/**
 * The link at the foot of every new-pick e-mail (decision 024): works without signing in. A GET
 * only asks (mail scanners open links); the button, or a mail client's one-click POST
 * (RFC 8058, `List-Unsubscribe=One-Click`), turns the e-mails off.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = userOfUnsubscribeToken(token, context.env.SESSION_SECRET) !== null;
  return data({ valid, token: valid ? token : null }, valid ? undefined : { status: 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = userOfUnsubscribeToken(new URL(request.url).searchParams.get("token"), context.env.SESSION_SECRET);
  if (!userId) return data({ done: false }, { status: 400 });
  await stopNewPickEmails(context.db, userId);
  return { done: true };
}

export default function Unsubscribe() {
  const { valid, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result?.done) {
    return (
      <AuthCard title="You are unsubscribed">
        <div className="flex flex-col items-center text-center">
          <CheckCircle2 className="size-12 text-brand-600" aria-hidden="true" />
          <p className="mt-4 text-sm text-slate-600">
            You will no longer get e-mails about new picks. You can turn them back on in Settings.
          </p>
        </div>
        <ButtonLink variant="ink" size="xl" block className="mt-6" to="/settings">
          Settings
        </ButtonLink>
      </AuthCard>
    );
  }
  if (!valid || result) {
    return (
      <AuthCard title="Unsubscribe">
        <p role="alert" className="text-sm text-red-700">
          {INVALID}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Unsubscribe"
      description="Stop the e-mails we send when an expert you subscribe to posts a new pick?"
    >
      <Form method="post" action={`/unsubscribe?token=${encodeURIComponent(token!)}`}>
        <Button variant="ink" size="xl" block pending type="submit">
          Stop new-pick e-mails
        </Button>
      </Form>
    </AuthCard>
  );
}
