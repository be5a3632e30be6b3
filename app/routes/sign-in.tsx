import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { AuthCard, Field, FormError, linkClass, withoutKey } from "~/components/auth/auth-form";
import { SocialSignIn } from "~/components/auth/social-sign-in";
import { signInSchema } from "~/modules/accounts/account-schemas";
import { signIn } from "~/modules/accounts/auth.server";
import { callbackUrlOf, requireAnonymous } from "~/modules/accounts/gates.server";
import { sessionCookies } from "~/modules/accounts/sessions.server";
import { appErrorReply, redirectWithCookies } from "~/web/form-reply.server";
import { SOCIAL_ERROR_MESSAGE } from "~/modules/accounts/social-schema";
import { authPageHref } from "~/modules/accounts/sign-in-link";
import { isGoogleEnabled } from "~/modules/accounts/google-sign-in.server";
import { pageMeta } from "~/modules/seo/meta";
import { parseForm, readForm } from "~/web/form-input.server";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location }, "Sign in", "Sign in to Sharpside to follow experts and read your picks.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return {
    callbackUrl: callbackUrlOf(new URL(request.url).searchParams.get("callbackUrl")),
    googleEnabled: isGoogleEnabled(context.env),
    // A failed social sign-in comes back here with ?error= (product.md "Error messages").
    socialError: new URL(request.url).searchParams.has("error") ? SOCIAL_ERROR_MESSAGE : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const formData = await readForm(request);
  const submission = parseForm(formData, signInSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 422 });
  try {
    const { session } = await signIn(context, submission.value, {
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    const callbackUrl =
      callbackUrlOf(formData.get("callbackUrl")) ?? callbackUrlOf(new URL(request.url).searchParams.get("callbackUrl"));
    return redirectWithCookies(callbackUrl ?? "/", sessionCookies(context.env, session));
  } catch (error) {
    // product.md "Error messages": sign-in shows the server's own text on the form root.
    const { result, init } = appErrorReply(submission, error, { formRootOnly: true });
    return data({ result }, init);
  }
}

export default function SignIn() {
  const { callbackUrl, googleEnabled, socialError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The browser checks the schema only; the action also drops what no form of ours sends
    // (conform's own `__intent__` among it, which the browser needs to tell typing from submitting).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back to the sharpest handicappers."
      footer={
        <>
          New to Sharpside?{" "}
          <Link to={authPageHref("/sign-up", callbackUrl)} className={linkClass}>
            Create an account
          </Link>
        </>
      }
    >
      {googleEnabled ? (
        // Google sign-in renders its button in this slot.
        <div className="mb-5">
          <SocialSignIn callbackUrl={callbackUrl} />
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
        <Field meta={fields.emailOrUserName} label="Email or username">
          <Input
            {...withoutKey(getInputProps(fields.emailOrUserName, { type: "text" }))}
            key={fields.emailOrUserName.key}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <Field meta={fields.password} label="Password">
          <Input
            {...withoutKey(getInputProps(fields.password, { type: "password" }))}
            key={fields.password.key}
            autoComplete="current-password"
          />
        </Field>
        <div className="flex items-center justify-between gap-3">
          <label className="flex items-center gap-2.5 text-sm text-slate-700">
            <input
              {...withoutKey(getInputProps(fields.rememberMe, { type: "checkbox" }))}
              key={fields.rememberMe.key}
              className="size-4 rounded border-slate-300 accent-brand-600"
            />
            Remember me
          </label>
          <Link to="/forgot-password" className={`text-sm ${linkClass}`}>
            Forgot password?
          </Link>
        </div>
        <FormError id={form.errorId} errors={form.errors ?? (socialError && !lastResult ? [socialError] : undefined)} />
        <Button variant="ink" size="xl" block pending type="submit" disabled={submitting}>
          {submitting ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
