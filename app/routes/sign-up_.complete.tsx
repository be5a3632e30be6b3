import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useState } from "react";
import { AuthCard, Field, linkClass, SignUpFinish, withoutKey } from "~/components/auth/auth-form";
import { SocialSignIn } from "~/components/auth/social-sign-in";
import { getViewer } from "~/modules/accounts/gates.server";
import { revokeSession, sessionCookies } from "~/modules/accounts/sessions.server";
import { completeSignUpSchema, FULL_NAME_MAX } from "~/modules/accounts/social-schema";
import { clearSocialCookies, isGoogleEnabled, readSocialCookie } from "~/modules/accounts/google-sign-in.server";
import { verifySocialToken } from "~/modules/accounts/social-token.server";
import { afterCompleteSignUpUrl, completeSocialSignUp } from "~/modules/accounts/social.server";
import { AppError } from "~/modules/http/app-error";
import { appErrorReply, redirectWithCookies } from "~/web/form-reply.server";
import { pageMeta } from "~/modules/seo/meta";
import { parseForm, readForm } from "~/web/form-input.server";
import { Input } from "~/components/ui/input";

/**
 * 'Complete sign up' (product.md "Screens and routes"): after a Google sign-in with no account of ours, the
 * person checks the e-mail and name Google gave and creates the account. The query carries
 * provider, token, email and name. Without a token and without a signed-in user: the 404 page.
 */
export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location }, "Complete sign up", "Finish creating your Sharpside account.");

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const token = query.get("token");
  if (!token) {
    const viewer = await getViewer(request, context);
    if (!viewer) throw notFound();
    // Signed in already: nothing left to complete.
    throw redirect(viewer.user.emailConfirmed ? "/" : "/email-verification");
  }
  if (!isGoogleEnabled(context.env)) throw notFound();
  const provider = query.get("provider") ?? "";
  const email = query.get("email") ?? "";
  const name = query.get("name") ?? "";
  let valid = true;
  try {
    verifySocialToken(context.env, request, { provider, token, email });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    valid = false;
  }
  const callbackUrl = readSocialCookie(request).callbackUrl || null;
  // A link that is not ours echoes nothing of itself; the name, which the link's signature does not
  // cover, is cut to the longest full name.
  if (!valid) return { valid, provider: "", token: "", email: "", name: "", callbackUrl };
  return { valid, provider, token, email, name: name.slice(0, FULL_NAME_MAX), callbackUrl };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!isGoogleEnabled(context.env)) throw notFound();
  const formData = await readForm(request);
  const submission = parseForm(formData, completeSignUpSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const account = {
    provider: text("provider"),
    token: text("token"),
    email: text("socialEmail"),
    name: text("socialName"),
  };
  try {
    const { user, session } = await completeSocialSignUp(context, request, submission.value, account, {
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    // A browser signed in to an unconfirmed account starting over: that session ends here.
    const viewer = await getViewer(request, context);
    if (viewer) await revokeSession(context.db, viewer.sessionId, "signed up again");
    return redirectWithCookies(afterCompleteSignUpUrl(request, user), [
      ...clearSocialCookies(request, context.env),
      ...sessionCookies(context.env, session),
    ]);
  } catch (error) {
    const { result, init } = appErrorReply(submission, error, { fields: ["email", "fullName"] });
    return data({ result }, init);
  }
}

export default function CompleteSignUp() {
  const loaderData = useLoaderData<typeof loader>();
  if (!loaderData.valid) return <ExpiredSignIn callbackUrl={loaderData.callbackUrl} />;
  return <CompleteSignUpForm {...loaderData} />;
}

function CompleteSignUpForm({
  provider,
  token,
  email,
  name,
}: {
  provider: string;
  token: string;
  email: string;
  name: string;
}) {
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [timezone, setTimezone] = useState("");
  useEffect(() => {
    // As on /sign-up: the account's time zone starts as the browser's.
    setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "");
  }, []);

  const [form, fields] = useForm({
    id: "complete-sign-up",
    lastResult,
    defaultValue: { email, fullName: name },
    constraint: getZodConstraint(completeSignUpSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The browser checks the schema only; the action also drops what no form of ours sends
    // (conform's own `__intent__` among it, which the browser needs to tell typing from submitting).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: completeSignUpSchema }),
  });

  return (
    <AuthCard
      title="Complete sign up"
      description="You're almost there. Check your details to create your Sharpside account."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/sign-in" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="provider" value={provider} />
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="socialEmail" value={email} />
        <input type="hidden" name="socialName" value={name} />
        <input type="hidden" name="timezone" value={timezone} />
        <Field meta={fields.email} label="Email" hint="If you use another address, we'll send it a code to verify it.">
          <Input
            {...withoutKey(getInputProps(fields.email, { type: "email", ariaDescribedBy: `${fields.email.id}-hint` }))}
            key={fields.email.key}
            autoComplete="email"
          />
        </Field>
        <Field meta={fields.fullName} label="Full name">
          <Input
            {...withoutKey(getInputProps(fields.fullName, { type: "text" }))}
            key={fields.fullName.key}
            autoComplete="name"
          />
        </Field>
        <SignUpFinish newsletter={fields.newsletter} form={form} submitting={submitting} label="Complete sign up" />
      </Form>
    </AuthCard>
  );
}

/** A token past its 15 minutes (or not from this browser): start the Google sign-in again. */
function ExpiredSignIn({ callbackUrl }: { callbackUrl: string | null }) {
  return (
    <AuthCard
      title="Complete sign up"
      description="This Google sign-in has expired. Please continue with Google again."
    >
      <SocialSignIn callbackUrl={callbackUrl} />
      <p className="mt-4 text-center text-sm text-slate-600">
        <Link to="/sign-up" className={linkClass}>
          Sign up with your e-mail
        </Link>
      </p>
    </AuthCard>
  );
}
