/**
 * The root's data of a page rendered once for an audience (decision 047): a stand-in reader with
 * no identity, and no subscriptions in the frame. Component tests start from it.
 */
import { STAND_IN_USER_ID } from "~/modules/http/shared-render";
import type { RootLoaderData } from "~/root";

export const standIn = {
  id: STAND_IN_USER_ID,
  email: "",
  emailConfirmed: true,
  roles: ["User"],
  timezone: "UTC",
  signUpFlow: "User" as const,
  userName: "",
  firstName: "",
  lastName: "",
  avatar: "",
};

export function sharedRootData(overrides: Partial<RootLoaderData> = {}): RootLoaderData {
  return {
    appName: "Sharpside",
    siteUrl: "http://localhost:3000",
    buildId: "test-build",
    user: standIn,
    sharedRender: true,
    timeZone: "America/New_York",
    cookieConsent: "true",
    sidebarOpen: true,
    topExperts: [{ id: "e1", userName: "SundaySteam", avatar: "/avatars/SundaySteam.svg" }],
    subscriptions: [],
    site: { supportEmail: "support@sharpside.app", helpline: "1-800-GAMBLER" },
    thirdPartyScripts: [],
    ...overrides,
  };
}
