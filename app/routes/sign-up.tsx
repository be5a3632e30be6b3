import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { clsx } from "clsx";
import { AuthCard, Field, linkClass, SignUpFinish, withoutKey } from "~/components/auth/auth-form";
import { SocialSignIn } from "~/components/auth/social-sign-in";
import { signUpFormSchema } from "~/modules/accounts/account-schemas";
import { signUp } from "~/modules/accounts/auth.server";
import { callbackUrlOf, getViewer } from "~/modules/accounts/gates.server";
import { authPageHref } from "~/modules/accounts/sign-in-link";
import { revokeSession, sessionCookies } from "~/modules/accounts/sessions.server";
import { appErrorReply, redirectWithCookies } from "~/web/form-reply.server";
import { isGoogleEnabled } from "~/modules/accounts/google-sign-in.server";
import { pageMeta } from "~/modules/seo/meta";
import { parseForm, readForm } from "~/web/form-input.server";
import { Input } from "~/components/ui/input";

type Flow = "User" | "Expert";

/** product.md "States": the flow choice survives reloads in local storage until the form is sent. */
export const SIGN_UP_FLOW_KEY = "signUpFlow";

const FLOWS: { flow: Flow; tab: string; blurb: string }[] = [
  {
    flow: "User",
    tab: "User sign up",
    blurb: "Follow the sharpest handicappers, read their free analysis and subscribe to the picks you want to bet on.",
  },
  {
    flow: "Expert",
    tab: "Expert sign up",
    blurb: "Share your picks, build a verified record and get paid by your subscribers. Set your own price.",
  },
];

const parseFlow = (value: unknown): Flow | null => (value === "Expert" || value === "User" ? value : null);

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location }, "Sign up", "Create your Sharpside account as a user or as an expert.");

/** Visitors, and signed-in users who never confirmed their e-mail (they may start over). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  const callbackUrl = callbackUrlOf(new URL(request.url).searchParams.get("callbackUrl"));
  if (viewer?.user.emailConfirmed) throw redirect(callbackUrl ?? "/");
  return {
    flow: parseFlow(new URL(request.url).searchParams.get("flow")),
    googleEnabled: isGoogleEnabled(context.env),
    // Where the new account goes once its e-mail is confirmed (a Subscribe it started from).
    callbackUrl,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await getViewer(request, context);
  if (viewer?.user.emailConfirmed) throw redirect("/");
  const formData = await readForm(request);
  const submission = parseForm(formData, signUpFormSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "passwordConfirmation"] }) }, { status: 422 });
  }
  const flow = parseFlow(formData.get("flow")) ?? "User";
  try {
    const { session } = await signUp(context, submission.value, flow, {
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    // Starting over from an unconfirmed account: that account's session ends here.
    if (viewer) await revokeSession(context.db, viewer.sessionId, "signed up again");
    const callbackUrl = callbackUrlOf(formData.get("callbackUrl"));
    return redirectWithCookies(authPageHref("/email-verification", callbackUrl), sessionCookies(context.env, session));
  } catch (error) {
    const { result, init } = appErrorReply(submission, error, {
      fields: ["email", "fullName", "password", "passwordConfirmation"],
    });
    return data({ result }, init);
  }
}

export default function SignUp() {
  const loaderData = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [flow, setFlow] = useState<Flow>(loaderData.flow ?? "User");
  const [timezone, setTimezone] = useState("");

  useEffect(() => {
    // The link's ?flow= wins; otherwise the tab chosen earlier in this browser.
    if (!loaderData.flow) setFlow(parseFlow(window.localStorage.getItem(SIGN_UP_FLOW_KEY)) ?? "User");
    // product.md "Limits": the default time zone is the browser's.
    setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "");
  }, [loaderData.flow]);

  function chooseFlow(next: Flow) {
    setFlow(next);
    window.localStorage.setItem(SIGN_UP_FLOW_KEY, next);
  }

  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    constraint: getZodConstraint(signUpFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The browser checks the schema only; the action also drops what no form of ours sends
    // (conform's own `__intent__` among it, which the browser needs to tell typing from submitting).
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpFormSchema }),
    onSubmit: () => window.localStorage.removeItem(SIGN_UP_FLOW_KEY),
  });

  const current = FLOWS.find((f) => f.flow === flow)!;
  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account?{" "}
          <Link to={authPageHref("/sign-in", loaderData.callbackUrl)} className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <FlowTabs flow={flow} onChange={chooseFlow} />
      <div id="sign-up-panel" role="tabpanel" aria-labelledby={`sign-up-tab-${flow}`} className="pt-4">
        <p className="text-sm text-slate-600">{current.blurb}</p>
        {loaderData.googleEnabled ? (
          // Google sign-in renders its button in this slot.
          <div className="mt-5">
            <SocialSignIn callbackUrl={loaderData.callbackUrl} flow={flow} />
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} noValidate className="mt-5 space-y-4">
          <input type="hidden" name="flow" value={flow} />
          {loaderData.callbackUrl ? <input type="hidden" name="callbackUrl" value={loaderData.callbackUrl} /> : null}
          <input type="hidden" name="timezone" value={timezone} />
          <Field meta={fields.email} label="Email">
            <Input
              {...withoutKey(getInputProps(fields.email, { type: "email" }))}
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
          <Field meta={fields.password} label="Password" hint="At least 8 characters, with a letter and a digit.">
            <Input
              {...withoutKey(
                getInputProps(fields.password, { type: "password", ariaDescribedBy: `${fields.password.id}-hint` }),
              )}
              key={fields.password.key}
              autoComplete="new-password"
            />
          </Field>
          <Field meta={fields.passwordConfirmation} label="Password confirmation">
            <Input
              {...withoutKey(getInputProps(fields.passwordConfirmation, { type: "password" }))}
              key={fields.passwordConfirmation.key}
              autoComplete="new-password"
            />
          </Field>
          <SignUpFinish newsletter={fields.newsletter} form={form} submitting={submitting} label="Sign up" />
        </Form>
      </div>
    </AuthCard>
  );
}

/** WAI-ARIA tabs: one tab stop, arrow keys move between 'User sign up' and 'Expert sign up'. */
function FlowTabs({ flow, onChange }: { flow: Flow; onChange: (flow: Flow) => void }) {
  const refs = useRef<Record<Flow, HTMLButtonElement | null>>({ User: null, Expert: null });
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next: Flow =
      event.key === "Home" ? "User" : event.key === "End" ? "Expert" : flow === "User" ? "Expert" : "User";
    onChange(next);
    refs.current[next]?.focus();
  }
  return (
    <div role="tablist" aria-label="Sign up as" className="grid grid-cols-2 gap-1 rounded-full bg-slate-100 p-1">
      {FLOWS.map(({ flow: value, tab }) => {
        const selected = value === flow;
        return (
          <button
            key={value}
            ref={(node) => {
              refs.current[value] = node;
            }}
            id={`sign-up-tab-${value}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls="sign-up-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(value)}
            onKeyDown={onKeyDown}
            className={clsx(
              "rounded-full px-3 py-2 text-sm font-semibold transition-colors",
              selected ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
            )}
          >
            {tab}
          </button>
        );
      })}
    </div>
  );
}
