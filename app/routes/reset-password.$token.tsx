import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AuthCard, Field, FormError, withoutKey } from "~/components/auth/auth-form";
import { resetPasswordSchema } from "~/modules/accounts/account-schemas";
import { findUsableResetToken, resetPassword } from "~/modules/accounts/auth.server";
import { AppError } from "~/modules/http/app-error";
import { appErrorReply } from "~/web/form-reply.server";
import { pageMeta } from "~/modules/seo/meta";
import { parseForm, readForm } from "~/web/form-input.server";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Create new password");

/** product.md "Screens and routes": the token is checked first; an unusable one shows the shared 404 page. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  try {
    await findUsableResetToken(context, params.token ?? "");
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw new Response(null, { status: 404, statusText: "Not Found" });
    throw error;
  }
  return null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await readForm(request), resetPasswordSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 422 });
  }
  try {
    await resetPassword(context, params.token ?? "", submission.value.password);
  } catch (error) {
    // A token spent (or expired) since the page loaded: say so on the form.
    const { result, init } = appErrorReply(submission, error, { fields: ["password"] });
    return data({ result }, init);
  }
  // A page of its own: staying here would re-run the loader, which now (rightly) finds the token spent.
  return redirect("/reset-password/done");
}

export default function ResetPassword() {
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The browser checks the schema only; the action also drops what no form of ours sends
    // (conform's own `__intent__` among it, which the browser needs to tell typing from submitting).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });

  return (
    <AuthCard title="Create new password" description="Choose a new password for your account.">
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <Field meta={fields.password} label="New password" hint="At least 8 characters, with a letter and a digit.">
          <Input
            {...withoutKey(
              getInputProps(fields.password, { type: "password", ariaDescribedBy: `${fields.password.id}-hint` }),
            )}
            key={fields.password.key}
            autoComplete="new-password"
          />
        </Field>
        <Field meta={fields.confirmPassword} label="Confirm new password">
          <Input
            {...withoutKey(getInputProps(fields.confirmPassword, { type: "password" }))}
            key={fields.confirmPassword.key}
            autoComplete="new-password"
          />
        </Field>
        <FormError id={form.errorId} errors={form.errors} />
        <Button variant="ink" size="xl" block pending type="submit" disabled={submitting}>
          {submitting ? "Saving…" : "Save new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
