import type { CurrentUser } from "~/modules/accounts/current-user";

/** The signed-in caller as a support request names them: the receipt goes only to a confirmed address. */
export function supportViewer(viewer: { user: CurrentUser } | null) {
  if (!viewer) return null;
  const { id, userName, email, emailConfirmed } = viewer.user;
  return { id, userName, email: emailConfirmed ? email : null };
}
