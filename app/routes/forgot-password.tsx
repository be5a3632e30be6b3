import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { MailCheck } from "~/components/ui/icons";
import { AuthCard, Field, FormError, linkClass, withoutKey } from "~/components/auth/auth-form";
import { forgotPasswordSchema } from "~/modules/accounts/account-schemas";
import { requestPasswordReset } from "~/modules/accounts/auth.server";
import { requireAnonymous } from "~/modules/accounts/gates.server";
import { appErrorReply } from "~/web/form-reply.server";
import { pageMeta } from "~/modules/seo/meta";
import { parseForm, readForm } from "~/web/form-input.server";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location }, "Forgot password", "Reset your Sharpside password.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const submission = parseForm(await readForm(request), forgotPasswordSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 422 });
  try {
    await requestPasswordReset(context, submission.value.emailOrUserName, {
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
  } catch (error) {
    const { result, init } = appErrorReply(submission, error, { formRootOnly: true });
    return data({ result, sent: false }, init);
  }
  // The same answer whether or not the account exists: the page must not reveal who has one.
  return { result: submission.reply(), sent: true };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The browser checks the schema only; the action also drops what no form of ours sends
    // (conform's own `__intent__` among it, which the browser needs to tell typing from submitting).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });

  if (actionData?.sent) {
    return (
      <AuthCard title="Check your inbox">
        <div role="status" className="flex flex-col items-center text-center">
          <MailCheck className="size-12 text-brand-600" aria-hidden="true" />
          <p className="mt-4 text-sm text-slate-600">
            If an account matches what you entered, we have sent it a link to create a new password. The link works for
            one hour.
          </p>
        </div>
        <ButtonLink variant="ink" size="xl" block className="mt-6" to="/sign-in">
          Done
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot password?"
      description="Enter the e-mail or username of your account and we will send you a link to create a new password."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/sign-in" className={linkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <Field meta={fields.emailOrUserName} label="Email or username">
          <Input
            {...withoutKey(getInputProps(fields.emailOrUserName, { type: "text" }))}
            key={fields.emailOrUserName.key}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <FormError id={form.errorId} errors={form.errors} />
        <Button variant="ink" size="xl" block pending type="submit" disabled={submitting}>
          {submitting ? "Sending…" : "Send reset link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
