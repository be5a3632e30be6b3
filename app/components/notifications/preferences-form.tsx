import { Form, useNavigation } from "@remix-run/react";
import type { NotificationKind } from "~/modules/notifications/notification-kinds";

export const NOTIFICATIONS_INTENT = "notifications";

/** Each kind as the settings name it (product.md "Entities"'s kinds). */
export const NOTIFICATION_KIND_LABELS = {
  PostLike: "Likes on my posts",
  NewComment: "Comments on my posts",
  ReplyComment: "Replies to my comments",
  NewSubscription: "New subscribers",
  ExpertNewPost: "New posts from experts I follow or subscribe to",
  PostLive: "Scheduled posts I asked to hear about, when they go live",
  PickGraded: "Picks I asked to hear about, when they are graded",
  NewEvent: "New games",
  Cheer: "Cheers (tips) I receive",
} as const satisfies Record<NotificationKind, string>;

/** Kinds only an expert gets (about their own posts, subscribers and tips). */
const EXPERT_KINDS: ReadonlySet<NotificationKind> = new Set(["PostLike", "NewComment", "NewSubscription", "Cheer"]);

/**
 * `/settings`: which kinds to get in the bell, and whether new picks also come by e-mail. A reader
 * who is not an expert is not asked about an expert's kinds; their choice is kept as it is.
 */
export function NotificationPreferencesForm({
  preferences,
  sports,
  isExpert,
}: {
  preferences: { mutedKinds: string[]; newPickEmails: boolean; followedCategoryIds: number[] };
  sports: { id: number; name: string }[];
  isExpert: boolean;
}) {
  const kinds = Object.keys(NOTIFICATION_KIND_LABELS) as NotificationKind[];
  const shown = isExpert ? kinds : kinds.filter((kind) => !EXPERT_KINDS.has(kind));
  const kept = isExpert ? [] : kinds.filter((kind) => EXPERT_KINDS.has(kind) && !preferences.mutedKinds.includes(kind));
  const { mutedKinds, newPickEmails, followedCategoryIds } = preferences;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === NOTIFICATIONS_INTENT;
  return (
    <Form method="post" className="space-y-5">
      <input type="hidden" name="intent" value={NOTIFICATIONS_INTENT} />
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Notify me about</legend>
        {kept.map((kind) => (
          <input key={kind} type="hidden" name="receive" value={kind} />
        ))}
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {shown.map((kind) => (
            <label key={kind} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name="receive"
                value={kind}
                defaultChecked={!mutedKinds.includes(kind)}
                className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-brand-600"
              />
              {NOTIFICATION_KIND_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Tell me about new games in</legend>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {sports.map((sport) => (
            <label key={sport.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name="sport"
                value={sport.id}
                defaultChecked={followedCategoryIds.includes(sport.id)}
                className="size-4 shrink-0 rounded border-slate-300 text-brand-600"
              />
              {sport.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">E-mail</legend>
        <label className="mt-3 flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="newPickEmails"
            defaultChecked={newPickEmails}
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-brand-600"
          />
          E-mail me when an expert I subscribe to posts a new pick
        </label>
      </fieldset>
      <button
        type="submit"
        disabled={saving}
        className="rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {saving ? "Saving…" : "Save notification settings"}
      </button>
    </Form>
  );
}
