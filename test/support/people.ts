/**
 * Signed-in people for tests that call routes as several personas (the authorization matrix,
 * the hostile-input suites), and `once`, which makes each of a test's fixtures the first time
 * it is asked for.
 */
import type { Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { experts, profiles, users } from "~/db/schema";
import type { CookieJar } from "./api-caller";
import { signedInJar } from "./signed-in";

export interface Person {
  user: typeof users.$inferSelect;
  jar: CookieJar;
}

export interface PersonOptions {
  expert?: boolean;
  confirmed?: boolean;
  admin?: boolean;
}

let counter = 0;
/** A short tag unique in this run, for e-mails and usernames. */
export const tag = () => `${++counter}${Math.random().toString(36).slice(2, 7)}`;

/**
 * Makes signed-in people (a profile, the Expert row for experts, a session in a jar): every test's
 * users. `passwordHash`, hashed once by the caller, for tests that also sign in with a password.
 */
export function personMaker(
  db: Database,
  env: Pick<Env, "APP_URL" | "SESSION_SECRET">,
  passwordHash: string | null = null,
) {
  return async function makePerson(options: PersonOptions = {}): Promise<Person> {
    const { expert = false, confirmed = true, admin = false } = options;
    const t = tag();
    const [user] = await db
      .insert(users)
      .values({
        email: `person${t}@example.com`,
        userName: `Person${t}`,
        firstName: "Morgan",
        lastName: `Person${t}`,
        passwordHash,
        roles: [expert ? "Expert" : "User", ...(admin ? ["Admin"] : [])],
        signUpFlow: expert ? "Expert" : "User",
        emailConfirmedAt: confirmed ? new Date() : null,
      })
      .returning();
    await db.insert(profiles).values({ userId: user.id, city: "Austin", state: "TX" });
    if (expert)
      await db.insert(experts).values({ userId: user.id, membershipStatus: "Active", membershipPaidAt: new Date() });
    return { user, jar: await signedInJar(db, env, user.id) };
  };
}

/** A memo by key: `once(key, make)` calls `make` the first time only and answers that promise after. */
export function onceEach() {
  const made = new Map<string, Promise<unknown>>();
  return <T>(key: string, make: () => Promise<T>): Promise<T> => {
    let value = made.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      made.set(key, value);
    }
    return value;
  };
}
