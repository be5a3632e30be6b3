import type { Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { createSession, sessionCookies } from "~/modules/accounts/sessions.server";
import { CookieJar } from "./api-caller";

/** A cookie jar holding a fresh session of `userId`, as a sign-in would leave the browser's. */
export async function signedInJar(db: Database, env: Pick<Env, "APP_URL" | "SESSION_SECRET">, userId: string): Promise<CookieJar> {
  const session = await createSession(db, { userId, rememberMe: false });
  const jar = new CookieJar();
  for (const cookie of sessionCookies(env, session)) {
    const [pair] = cookie.split(";");
    const index = pair.indexOf("=");
    jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return jar;
}
