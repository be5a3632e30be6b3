import { eq } from "drizzle-orm";
import type { Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { createSession, sessionCookies } from "~/modules/accounts/sessions.server";
import { createAccount } from "~/modules/accounts/users.server";
import { CookieJar } from "./api-caller";

/** A cookie jar holding a fresh session of `userId`, as a sign-in would leave the browser's. */
export async function signedInJar(
  db: Database,
  env: Pick<Env, "APP_URL" | "SESSION_SECRET">,
  userId: string,
): Promise<CookieJar> {
  const session = await createSession(db, { userId, rememberMe: false });
  const jar = new CookieJar();
  for (const cookie of sessionCookies(env, session)) {
    const [pair] = cookie.split(";");
    const index = pair.indexOf("=");
    jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return jar;
}

/**
 * A new account (through the real `createAccount`, password included) with a session in a jar;
 * `expert` adds the Expert role. Cheaper than signing in through the API: no password hashing.
 */
export async function accountWithSession(
  db: Database,
  env: Pick<Env, "APP_URL" | "SESSION_SECRET">,
  input: { email: string; fullName: string; password: string; expert?: boolean; confirmed?: boolean },
) {
  const user = await createAccount(db, {
    input: { email: input.email, fullName: input.fullName, password: input.password },
    flow: input.expert ? "Expert" : "User",
    emailConfirmed: input.confirmed ?? true,
  });
  if (input.expert)
    await db
      .update(users)
      .set({ roles: ["Expert"] })
      .where(eq(users.id, user.id));
  return { user, jar: await signedInJar(db, env, user.id) };
}
