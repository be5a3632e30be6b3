import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { MailCheck, MailWarning } from "~/components/ui/icons";
import { AuthCard, linkClass } from "~/components/auth/auth-form";
import type { SignOutOnLogoHandle } from "~/components/layout/header";
import { resendEmailCode } from "~/modules/accounts/auth.server";
import { requireUnconfirmedEmail } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { pageMeta } from "~/modules/seo/meta";
import { Button, ButtonLink } from "~/components/ui/button";

export const handle: SignOutOnLogoHandle = { signOutOnLogoClick: true };

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Verify your email");

/** The second verify screen (product.md "Screens and routes"): one button that sends the code and link again. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUnconfirmedEmail(request, context);
  return { email: viewer.user.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUnconfirmedEmail(request, context);
  try {
    await resendEmailCode(context, viewer.user, { ip: context.clientIp, userAgent: request.headers.get("User-Agent") });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ sentTo: null, error: error.message }, { status: error.status, headers: error.headers });
  }
  return { sentTo: viewer.user.email, error: null };
}

export default function ResendVerificationEmail() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sending = useNavigation().state !== "idle";

  if (actionData?.sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <div role="status" className="flex flex-col items-center text-center">
          <MailCheck className="size-12 text-brand-600" aria-hidden="true" />
          <p className="mt-4 text-sm text-slate-600">
            We have resent verification email to{" "}
            <strong className="break-words font-semibold text-slate-900">{actionData.sentTo}</strong>
          </p>
        </div>
        <ButtonLink variant="ink" size="xl" block className="mt-6" to="/email-verification">
          Enter the code
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify your email"
      description={
        <>
          Your e-mail address <strong className="break-words font-semibold text-slate-900">{email}</strong> is not
          verified yet. We will send you a new code and link.
        </>
      }
      footer={
        <>
          Already have a code?{" "}
          <Link to="/email-verification" className={linkClass}>
            Enter it here
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4">
        <div className="flex justify-center">
          <MailWarning className="size-12 text-brand-600" aria-hidden="true" />
        </div>
        {actionData?.error ? (
          <p role="alert" className="text-center text-sm font-medium text-danger">
            {actionData.error}
          </p>
        ) : null}
        <Button variant="ink" size="xl" block pending type="submit" disabled={sending}>
          {sending ? "Sending…" : "Resend verification email"}
        </Button>
      </Form>
    </AuthCard>
  );
}
