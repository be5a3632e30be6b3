import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { loadProfileScreen } from "~/components/profile/profile-load";
import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import { PASSWORD_INTENT, PasswordForm, USERNAME_INTENT, UserNameForm } from "~/components/profile/account-forms";
import { PHOTO_INTENT, PROFILE_INTENT, ProfileForm } from "~/components/profile/profile-form";
import { changePasswordSchema } from "~/modules/accounts/account-schemas";
import { changePasswordCommand } from "~/modules/accounts/commands.server";
import { isExpert } from "~/modules/accounts/current-user";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { appErrorReply } from "~/web/form-reply.server";
import {
  MESSAGES,
  profileFormSchema,
  profileInputFromForm,
  profilePhotoFormSchema,
  userNameBodySchema,
} from "~/modules/profiles/profile-schema";
import { getProfile, hasPassword, updateProfilePhotos } from "~/modules/profiles/profiles.server";
import { pageMeta } from "~/modules/seo/meta";
import { SectionCard } from "~/components/ui/section-card";
import { NOTIFICATIONS_INTENT, NotificationPreferencesForm } from "~/components/notifications/preferences-form";
import { NOTIFICATION_KINDS } from "~/modules/notifications/notifications.server";
import { readPreferences, savePreferences } from "~/modules/notifications/preferences.server";
import { listCategories } from "~/modules/reference/reference.server";
import { PushSwitch } from "~/components/notifications/push-switch";
import { pushKeysFor } from "~/modules/push/push-keys.server";
import { listPushEndpoints } from "~/modules/push/push-subscriptions.server";
import { parseForm, readForm } from "~/web/form-input.server";
import { formCommand } from "~/web/commands.server";
import { changeUserNameCommand, updateProfileCommand } from "~/modules/profiles/commands.server";

export const SETTINGS_TITLE = "Edit Profile & Settings";

/** What each section's success toast says (product.md "Error messages" for the profile). */
export const SUCCESS_TOASTS = {
  [PROFILE_INTENT]: MESSAGES.profileUpdated,
  [USERNAME_INTENT]: "Username has been updated.",
  [PASSWORD_INTENT]: "Password has been changed.",
  [NOTIFICATIONS_INTENT]: "Notification settings have been saved.",
} as const;

type Intent = keyof typeof SUCCESS_TOASTS;

const PROFILE_FIELDS = [
  "avatar",
  "cover",
  "firstName",
  "location.country",
  "location.state",
  "location.city",
  "dateOfBirth",
  "timezone",
  "expertAboutText",
] as const;

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location }, SETTINGS_TITLE, "Your Sharpside profile, username, password and notifications.");

/** Signed in with a confirmed e-mail (visitors go to sign-in and come back here). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  const [profile, passwordSet, notifications, pushEndpoints] = await Promise.all([
    getProfile(context.db, viewer.user.id),
    hasPassword(context.db, viewer.user.id),
    readPreferences(context.db, viewer.user.id),
    listPushEndpoints(context.db, viewer.user.id),
  ]);
  const sports = (await listCategories(context.db)).map(({ id, name }) => ({ id, name }));
  return {
    profile,
    notifications,
    push: { publicKey: pushKeysFor(context.env)?.publicKey ?? null, endpoints: pushEndpoints },
    sports,
    account: { userName: viewer.user.userName, isExpert: isExpert(viewer.user), hasPassword: passwordSet },
    timeZones: Intl.supportedValuesOf("timeZone"),
  };
}

/** The profile as last loaded while the screen is open. */
const lastProfile: { data?: Awaited<ReturnType<typeof loader>> } = {};

/** In the browser: a 401 goes to sign-in, any other failure is a toast (components/profile/profile-load.ts). */
export const clientLoader = ({ serverLoader, request }: ClientLoaderFunctionArgs) =>
  loadProfileScreen(serverLoader<typeof loader>, request, lastProfile);

/** One action, several forms: the hidden `intent` field says which. */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const viewer = await requireConfirmedEmail(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === PROFILE_INTENT)
    return formCommand(args, updateProfileCommand, {
      echo: { intent },
      form: formData,
      schema: profileFormSchema,
      toInput: profileInputFromForm,
      fields: PROFILE_FIELDS,
    });

  // The photo editor's Save (a fetcher): that photo alone, whatever the rest of the form holds.
  if (intent === PHOTO_INTENT) {
    const submission = parseForm(formData, profilePhotoFormSchema);
    if (submission.status !== "success")
      return data({ intent, ok: false, result: submission.reply() }, { status: 422 });
    try {
      const { kind, key } = submission.value;
      await updateProfilePhotos(context.db, viewer.user.id, { [kind]: key });
      return { intent, ok: true, result: submission.reply() };
    } catch (error) {
      const { result, init } = appErrorReply(submission, error, { formRootOnly: true });
      return data({ intent, ok: false, result }, init);
    }
  }

  if (intent === USERNAME_INTENT)
    return formCommand(args, changeUserNameCommand, {
      echo: { intent },
      form: formData,
      schema: userNameBodySchema,
      toInput: (value) => value,
      fields: ["userName"],
    });

  if (intent === PASSWORD_INTENT) {
    const fields = ["currentPassword", "password", "confirmPassword"];
    return formCommand(args, changePasswordCommand, {
      echo: { intent },
      form: formData,
      schema: changePasswordSchema,
      toInput: (value) => value,
      fields,
      hideFields: fields,
      resetForm: true,
    });
  }

  if (intent === NOTIFICATIONS_INTENT) {
    const receive = formData.getAll("receive").map(String);
    await savePreferences(context.db, viewer.user.id, {
      mutedKinds: NOTIFICATION_KINDS.filter((kind) => !receive.includes(kind)),
      newPickEmails: formData.get("newPickEmails") === "on",
      followedCategoryIds: formData.getAll("sport").map(Number),
    });
    return { intent, ok: true, result: undefined };
  }

  throw new Response("Bad Request", { status: 400 });
}

export default function Settings() {
  const loaded = useLoaderData<typeof loader>();
  const { profile, account, timeZones, notifications, push, sports } = loaded;
  // What a failed reload keeps showing, for as long as this screen is open.
  useEffect(() => {
    lastProfile.data = loaded;
    return () => {
      lastProfile.data = undefined;
    };
  }, [loaded]);
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);

  useEffect(() => {
    if (!actionData) return;
    const intent = actionData.intent as Intent;
    if (actionData.ok) {
      toast.success(SUCCESS_TOASTS[intent]);
    } else if (intent === USERNAME_INTENT) {
      // product.md "Error messages": a failed username change shows the server's text in a toast.
      const error = actionData.result?.error;
      const message = error?.userName?.[0] ?? error?.[""]?.[0];
      if (message) toast.error(message);
    }
  }, [actionData]);

  return (
    <div className="container-page py-8 lg:py-10">
      <div className="mx-auto max-w-content">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{SETTINGS_TITLE}</h1>
        <div className="mt-6 space-y-6">
          <SectionCard id="profile-heading" title="Profile">
            <ProfileForm
              profile={profile}
              userName={account.userName}
              isExpert={account.isExpert}
              timeZones={timeZones}
              lastResult={resultFor(PROFILE_INTENT)}
            />
          </SectionCard>
          <SectionCard id="username-heading" title="Username">
            <UserNameForm
              current={account.userName}
              isExpert={account.isExpert}
              lastResult={resultFor(USERNAME_INTENT)}
            />
          </SectionCard>
          <SectionCard id="password-heading" title="Change password">
            <PasswordForm hasPassword={account.hasPassword} lastResult={resultFor(PASSWORD_INTENT)} />
          </SectionCard>
          <SectionCard id="notifications-heading" title="Notifications">
            <div className="mb-5">
              <PushSwitch publicKey={push.publicKey} endpoints={push.endpoints} />
            </div>
            <NotificationPreferencesForm preferences={notifications} sports={sports} isExpert={account.isExpert} />
          </SectionCard>
        </div>
      </div>
    </div>
  );
}
