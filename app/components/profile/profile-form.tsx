/**
 * The profile form of /settings (product.md "Validation"; decision 012): conform + zod with native
 * validation off, the server's field errors on the named fields. The photos are edited in the
 * 'Edit profile photo' dialog, whose Save stores the photo at once (the `photo` intent, by a
 * fetcher): a crop is never lost for want of pressing 'Save profile', nor held back by the rest
 * of the form. Removing a photo waits for 'Save profile'.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { Camera, ImageIcon } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { Field, FormError, withoutKey } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { ProxiedImage } from "~/components/ui/proxied-image";
import {
  birthYears,
  DAY_OPTIONS,
  EXPERT_ABOUT_MAX,
  MESSAGES,
  MONTH_OPTIONS,
  PROFILE_COUNTRY,
  profileFormSchema,
  splitBirthDate,
  type Profile,
} from "~/modules/profiles/profile-schema";
import { US_STATES } from "~/modules/profiles/us-states";
import { PhotoEditorDialog, type PhotoKind } from "./photo-editor-dialog";
import { generatedAvatarUrl } from "~/modules/avatars/avatar-svg";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import { SelectBox, type SelectOption } from "~/components/ui/select-box";

export const PROFILE_INTENT = "profile";
export const PHOTO_INTENT = "photo";
export const BIRTH_DATE_HINT = "Kept private: it confirms you are old enough to use Sharpside.";

/** What the settings action answers the photo editor's Save. */
type PhotoAnswer = { intent: string; ok: boolean; result?: { error?: Record<string, string[] | null> | null } };

/** The server's first message, else the catalogue's default. */
const photoError = (answer: PhotoAnswer) =>
  Object.values(answer.result?.error ?? {})
    .flatMap((messages) => messages ?? [])
    .at(0) ?? ERROR_MESSAGES.default;

/** Accounts made without a browser time zone carry the "UTC" default: the browser's is offered instead (decision 012). */
export const UNSET_TIMEZONE = "UTC";

export function ProfileForm({
  profile,
  userName,
  isExpert,
  timeZones,
  lastResult,
}: {
  profile: Profile;
  userName: string;
  isExpert: boolean;
  timeZones: string[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === PROFILE_INTENT;
  const [avatar, setAvatar] = useState(profile.avatar ?? "");
  const [cover, setCover] = useState(profile.cover ?? "");
  const [editing, setEditing] = useState<PhotoKind | null>(null);
  const [zone, setZone] = useState(profile.timezone);
  const [years] = useState(() => birthYears());
  const photoSave = useFetcher<PhotoAnswer>();

  // The photo being stored shows at once; the revalidation that follows brings it as the stored one.
  const pending = photoSave.formData?.get("intent") === PHOTO_INTENT ? photoSave.formData : null;
  const shownAvatar = pending?.get("kind") === "avatar" ? String(pending.get("key")) : avatar;
  const shownCover = pending?.get("kind") === "cover" ? String(pending.get("key")) : cover;

  const photoAnswer = photoSave.data;
  useEffect(() => {
    if (!photoAnswer || photoAnswer.intent !== PHOTO_INTENT) return;
    if (photoAnswer.ok) toast.success(MESSAGES.profileUpdated);
    else toast.error(photoError(photoAnswer));
  }, [photoAnswer]);

  function savePhoto(kind: PhotoKind, key: string) {
    photoSave.submit({ intent: PHOTO_INTENT, kind, key }, { method: "post" });
  }

  // A save (or another tab's) brings new stored photos: show those.
  useEffect(() => setAvatar(profile.avatar ?? ""), [profile.avatar]);
  useEffect(() => setCover(profile.cover ?? ""), [profile.cover]);

  // product.md "Limits": the default time zone is the browser's.
  useEffect(() => {
    if (profile.timezone !== UNSET_TIMEZONE) return;
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browser) setZone(browser);
  }, [profile.timezone]);

  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      location: {
        country: PROFILE_COUNTRY,
        state: profile.location.state ?? "",
        city: profile.location.city ?? "",
      },
      dateOfBirth: splitBirthDate(profile.dateOfBirth),
      expertAboutText: profile.expertAboutText ?? "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema }),
  });
  const location = fields.location.getFieldset();
  const birth = fields.dateOfBirth.getFieldset();
  const zones = timeZones.includes(zone) ? timeZones : [zone, ...timeZones];
  const unsaved = avatar !== (profile.avatar ?? "") || cover !== (profile.cover ?? "");

  return (
    <>
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        <input type="hidden" name="intent" value={PROFILE_INTENT} />
        <input type="hidden" name={fields.avatar.name} value={avatar} />
        <input type="hidden" name={fields.cover.name} value={cover} />

        <div>
          <div className="relative aspect-[3/1] overflow-hidden rounded-xl bg-gradient-to-br from-ink to-brand-800">
            {shownCover ? (
              <ProxiedImage
                src={shownCover}
                width={704}
                height={235}
                alt="Your cover photo"
                className="size-full object-cover"
              />
            ) : null}
            <div className="absolute bottom-2 right-2 flex gap-2">
              {cover ? (
                <Button variant="secondary" size="xs" className="shadow-sm" type="button" onClick={() => setCover("")}>
                  Remove cover
                </Button>
              ) : null}
              <Button
                variant="secondary"
                size="xs"
                className="shadow-sm"
                type="button"
                onClick={() => setEditing("cover")}
              >
                <ImageIcon className="size-3.5" aria-hidden="true" />
                Edit cover photo
              </Button>
            </div>
          </div>
          <div className="relative -mt-10 flex flex-wrap items-end gap-3 pl-4">
            <ProxiedImage
              src={shownAvatar || generatedAvatarUrl(userName)}
              width={96}
              height={96}
              alt="Your profile photo"
              className="size-24 rounded-full border-4 border-white bg-slate-200 object-cover shadow"
            />
            <div className="flex flex-wrap gap-2 pb-1">
              <Button
                variant="secondary"
                size="xs"
                className="shadow-sm"
                type="button"
                onClick={() => setEditing("avatar")}
              >
                <Camera className="size-3.5" aria-hidden="true" />
                Edit profile photo
              </Button>
              {avatar ? (
                <Button variant="secondary" size="xs" className="shadow-sm" type="button" onClick={() => setAvatar("")}>
                  Remove photo
                </Button>
              ) : null}
            </div>
          </div>
          <p id={fields.avatar.errorId} className="mt-2 text-sm text-danger empty:hidden">
            {fields.avatar.errors?.[0]}
          </p>
          <p id={fields.cover.errorId} className="mt-2 text-sm text-danger empty:hidden">
            {fields.cover.errors?.[0]}
          </p>
          {unsaved ? (
            <p className="mt-2 text-sm text-slate-600" role="status">
              Save the profile to keep your new photos.
            </p>
          ) : null}
        </div>

        <Field meta={fields.firstName} label="First name" required>
          <Input
            {...withoutKey(getInputProps(fields.firstName, { type: "text" }))}
            key={fields.firstName.key}
            autoComplete="given-name"
          />
        </Field>

        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">Location</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field meta={location.country} label="Country">
              <Input
                id={location.country.id}
                name={location.country.name}
                type="text"
                value={PROFILE_COUNTRY}
                readOnly
                className="bg-slate-50 text-slate-600"
              />
            </Field>
            <Field meta={location.state} label="State" required>
              <SelectBox
                {...withoutKey(getSelectProps(location.state))}
                key={location.state.key}
                label="State"
                options={STATE_OPTIONS}
                autoComplete="address-level1"
              />
            </Field>
            <Field meta={location.city} label="City" required>
              <Input
                {...withoutKey(getInputProps(location.city, { type: "text" }))}
                key={location.city.key}
                autoComplete="address-level2"
              />
            </Field>
          </div>
        </fieldset>

        <fieldset aria-describedby={`${fields.dateOfBirth.id}-hint ${fields.dateOfBirth.errorId}`}>
          <legend className="text-sm font-semibold text-slate-900">Date of birth</legend>
          <div className="mt-1 grid grid-cols-3 gap-3">
            <BirthSelect
              label="Year"
              name={birth.year.name}
              id={birth.year.id}
              defaultValue={birth.year.initialValue}
              invalid={!fields.dateOfBirth.valid}
              options={years.map((year) => ({ value: String(year), label: String(year) }))}
            />
            <BirthSelect
              label="Month"
              name={birth.month.name}
              id={birth.month.id}
              defaultValue={birth.month.initialValue}
              invalid={!fields.dateOfBirth.valid}
              options={MONTH_OPTIONS}
            />
            <BirthSelect
              label="Day"
              name={birth.day.name}
              id={birth.day.id}
              defaultValue={birth.day.initialValue}
              invalid={!fields.dateOfBirth.valid}
              options={DAY_OPTIONS.map((day) => ({ value: day, label: day }))}
            />
          </div>
          <p id={`${fields.dateOfBirth.id}-hint`} className="mt-1 text-xs text-slate-500">
            {BIRTH_DATE_HINT}
          </p>
          <p id={fields.dateOfBirth.errorId} className="mt-1 text-sm text-danger empty:hidden">
            {fields.dateOfBirth.errors?.[0]}
          </p>
        </fieldset>

        <Field meta={fields.timezone} label="Time zone">
          <SelectBox
            {...withoutKey(getSelectProps(fields.timezone))}
            key={`${fields.timezone.key ?? ""}-${zone}`}
            defaultValue={zone}
            label="Time zone"
            options={zones.map((name) => ({ value: name, label: name.replace(/_/g, " ") }))}
          />
        </Field>

        {isExpert ? (
          <Field
            meta={fields.expertAboutText}
            label="About you"
            hint={`Shown on your expert page. Up to ${EXPERT_ABOUT_MAX} characters.`}
          >
            <Textarea
              {...withoutKey(
                getTextareaProps(fields.expertAboutText, {
                  ariaDescribedBy: `${fields.expertAboutText.id}-hint`,
                }),
              )}
              key={fields.expertAboutText.key}
              rows={5}
            />
          </Field>
        ) : null}

        <FormError id={form.errorId} errors={form.errors} />
        <div className="flex justify-end">
          <Button variant="ink" size="xl" block pending className="sm:w-auto" type="submit" disabled={submitting}>
            {submitting ? "Saving…" : "Save profile"}
          </Button>
        </div>
      </Form>
      {/* Outside the form: the dialog's buttons and file input are not part of the profile. */}
      <PhotoEditorDialog
        kind={editing ?? "avatar"}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        onSaved={(file) => savePhoto(editing ?? "avatar", file.key)}
      />
    </>
  );
}

function BirthSelect({
  label,
  name,
  id,
  defaultValue,
  invalid,
  options,
}: {
  label: string;
  name: string;
  id: string;
  defaultValue: unknown;
  invalid: boolean;
  options: SelectOption[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <SelectBox
        variant="secondary"
        id={id}
        name={name}
        label={label}
        defaultValue={typeof defaultValue === "string" ? defaultValue : ""}
        aria-invalid={invalid || undefined}
        options={[{ value: "", label }, ...options]}
      />
    </div>
  );
}

const STATE_OPTIONS: SelectOption[] = [
  { value: "", label: "Select a state" },
  ...US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` })),
];
