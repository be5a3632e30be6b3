import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { MailOpen } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { AuthCard, FormError, linkClass } from "~/components/auth/auth-form";
import { EmailCodeInput } from "~/components/auth/email-code-input";
import { resendCountdownText, useResendCountdown } from "~/components/auth/resend-countdown";
import type { SignOutOnLogoHandle } from "~/components/layout/header";
import { EMAIL_CODE_LENGTH, normalizeEmailCode } from "~/modules/accounts/account-schemas";
import { confirmEmail, resendEmailCode } from "~/modules/accounts/auth.server";
import { getViewer, requireUnconfirmedEmail, safeCallbackUrl } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { appErrorReply } from "~/web/form-reply.server";
import { pageMeta } from "~/modules/seo/meta";
import { parseForm, readForm } from "~/web/form-input.server";
import { Button, ButtonLink } from "~/components/ui/button";

export const handle: SignOutOnLogoHandle = { signOutOnLogoClick: true };

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Verify your email");

const CONFIRM = "confirm";
const RESEND = "resend";

const CODE_REQUIRED = `Enter the ${EMAIL_CODE_LENGTH}-character code from the e-mail`;

/** The code form: what the person typed, cleaned as product.md "Validation" says; or the magic link's token. */
const confirmSchema = z
  .object({ token: z.string().optional(), code: z.string().transform(normalizeEmailCode).optional() })
  .refine((value) => value.token || value.code?.length === EMAIL_CODE_LENGTH, {
    path: ["code"],
    message: CODE_REQUIRED,
  });

/** Where a confirmed e-mail goes next (product.md "States"): the callbackUrl, else the confirmation page. */
const nextUrl = (request: Request) =>
  safeCallbackUrl(new URL(request.url).searchParams.get("callbackUrl"), "/email-verification/confirmed");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token) {
    // The magic link is often opened in another browser, signed out: the token names its user by
    // itself, so no gate. Confirming waits for a POST (below) so mail scanners' GETs spend nothing.
    const viewer = await getViewer(request, context);
    if (viewer?.user.emailConfirmed) throw redirect(nextUrl(request));
    return { token, email: null };
  }
  const viewer = await requireUnconfirmedEmail(request, context);
  return { token: null, email: viewer.user.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const client = { ip: context.clientIp, userAgent: request.headers.get("User-Agent") };

  if (formData.get("intent") === RESEND) {
    const viewer = await requireUnconfirmedEmail(request, context);
    try {
      await resendEmailCode(context, viewer.user, client);
      return { intent: RESEND, resendError: null, result: undefined };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return data(
        { intent: RESEND, resendError: error.message, result: undefined },
        { status: error.status, headers: error.headers },
      );
    }
  }

  const submission = parseForm(formData, confirmSchema);
  if (submission.status !== "success")
    return data({ intent: CONFIRM, resendError: null, result: submission.reply() }, { status: 422 });
  const viewer = await getViewer(request, context);
  const tokenOrCode = submission.value.token ?? submission.value.code ?? "";
  try {
    await confirmEmail(context, tokenOrCode, viewer?.user ?? null);
  } catch (error) {
    // product.md "Error messages": errors.token, else the general message, on the form root.
    const { result, init } = appErrorReply(submission, error, { formRootOnly: true });
    return data({ intent: CONFIRM, resendError: null, result }, init);
  }
  return redirect(nextUrl(request));
}

export default function EmailVerification() {
  const { token } = useLoaderData<typeof loader>();
  return token ? <MagicLink token={token} /> : <EnterCode />;
}

function EnterCode() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const { secondsLeft, start } = useResendCountdown();

  const [form, fields] = useForm({
    id: "email-code",
    lastResult: actionData?.intent === CONFIRM ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    // The browser checks the schema only; the action also drops what no form of ours sends
    // (conform's own `__intent__` among it, which the browser needs to tell typing from submitting).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmSchema }),
  });

  useEffect(() => {
    if (actionData?.intent === RESEND && !actionData.resendError) start();
  }, [actionData, start]);

  const errors = form.errors ?? fields.code.errors;
  return (
    <AuthCard
      title="Verify your email"
      description={
        <>
          We sent a {EMAIL_CODE_LENGTH}-character code to{" "}
          <strong className="break-words font-semibold text-slate-900">{email}</strong>. Enter it below, or open the
          link in the e-mail.
        </>
      }
      footer={
        <>
          No e-mail?{" "}
          <Link to="/email-verification/resend" className={linkClass}>
            Send the verification email again
          </Link>{" "}
          or{" "}
          <Link to="/sign-up" className={linkClass}>
            sign up with another address
          </Link>
          .
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="intent" value={CONFIRM} />
        <label htmlFor={fields.code.id} className="block text-center text-sm font-medium text-slate-800">
          Verification code
        </label>
        <EmailCodeInput
          id={fields.code.id}
          name={fields.code.name}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? form.errorId : undefined}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- entering this code is the page's only task
          autoFocus
          onComplete={(_code, input) => input.form?.requestSubmit()}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-center font-mono text-2xl font-semibold uppercase tracking-[0.5em] text-slate-900 shadow-sm placeholder:text-slate-300 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-danger"
        />
        <FormError id={form.errorId} errors={errors} />
        <Button variant="ink" size="xl" block pending type="submit" disabled={busyIntent === CONFIRM}>
          {busyIntent === CONFIRM ? "Checking…" : "Verify"}
        </Button>
      </Form>

      <Form method="post" className="mt-4 text-center" aria-live="polite">
        <input type="hidden" name="intent" value={RESEND} />
        {secondsLeft > 0 ? (
          <p className="py-2.5 text-sm text-slate-600">{resendCountdownText(secondsLeft)}</p>
        ) : (
          <Button variant="secondary" size="xl" block pending type="submit" disabled={busyIntent === RESEND}>
            {busyIntent === RESEND ? "Sending…" : "Resend code"}
          </Button>
        )}
        {actionData?.intent === RESEND && actionData.resendError ? (
          <p role="alert" className="mt-2 text-center text-sm font-medium text-danger">
            {actionData.resendError}
          </p>
        ) : null}
      </Form>
    </AuthCard>
  );
}

/** The e-mail's link: sends itself once on arrival; the button is there without JavaScript. */
function MagicLink({ token }: { token: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const [form] = useForm({
    id: "email-link",
    lastResult: actionData?.intent === CONFIRM ? actionData.result : undefined,
  });

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    formRef.current?.requestSubmit();
  }, []);

  const busy = navigation.state !== "idle";
  return (
    <AuthCard title="Verify your email">
      <Form
        ref={formRef}
        method="post"
        {...getFormProps(form)}
        className="flex flex-col items-center space-y-4 text-center"
      >
        <MailOpen className="size-12 text-brand-600" aria-hidden="true" />
        <input type="hidden" name="intent" value={CONFIRM} />
        <input type="hidden" name="token" value={token} />
        <p role="status" className="text-sm text-slate-600">
          {busy
            ? "Confirming your e-mail address…"
            : form.errors?.length
              ? "We could not confirm your e-mail address."
              : "Confirm your e-mail address to finish signing up."}
        </p>
        <FormError id={form.errorId} errors={form.errors} />
        {form.errors?.length ? (
          <ButtonLink variant="ink" size="xl" block to="/email-verification">
            Enter the code instead
          </ButtonLink>
        ) : (
          <Button variant="ink" size="xl" block pending type="submit" disabled={busy}>
            Confirm my e-mail
          </Button>
        )}
      </Form>
    </AuthCard>
  );
}
