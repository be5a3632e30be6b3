import { eq, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { profiles, users, type User } from "~/db/schema";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { splitFullName, type SignUpUserInput } from "./account-schemas";
import type { CurrentUser } from "./current-user";
import { hashPassword } from "./passwords.server";

export function toCurrentUser(user: User, avatar: string | null): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
    roles: user.roles,
    timezone: user.timezone,
    signUpFlow: user.signUpFlow,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: avatarOrDefault(avatar, user.userName),
  };
}

const accountStatement = preparedStatement((db) =>
  db
    .select({ user: users, avatar: profiles.avatar })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      or(
        sql`lower(${users.email}) = ${sql.placeholder("needle")}`,
        sql`lower(${users.userName}) = ${sql.placeholder("needle")}`,
      ),
    )
    .limit(1)
    .prepare("find_account"),
);

/** The account an e-mail address or username (any case) names, with its avatar for the answer. */
export async function findAccount(
  db: Database,
  emailOrUserName: string,
): Promise<{ user: User; avatar: string | null } | undefined> {
  const [row] = await accountStatement(db).execute({ needle: emailOrUserName.trim().toLowerCase() });
  return row;
}

export async function findUserByEmailOrUserName(db: Database, value: string): Promise<User | undefined> {
  return (await findAccount(db, value))?.user;
}

export async function getCurrentUser(db: Database, userId: string): Promise<CurrentUser | null> {
  const [row] = await db
    .select({ user: users, avatar: profiles.avatar })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ? toCurrentUser(row.user, row.avatar) : null;
}

/** A username from the person's name: letters and digits, 3-30, made unique with a number. */
export async function generateUserName(db: Database, firstName: string, lastName: string): Promise<string> {
  const ascii = (text: string) => text.normalize("NFKD").replace(/[^\w]/g, "").replace(/_/g, "");
  const capital = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : "");
  let base = (capital(ascii(firstName)) + capital(ascii(lastName))).slice(0, 24);
  if (base.length < 3) base = `${base}User`.slice(0, 24);
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${Math.floor(Math.random() * 10 ** Math.min(2 + attempt, 6))}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.userName}) = ${candidate.toLowerCase()}`);
    if (!taken) return candidate;
  }
  return `${base.slice(0, 16)}${Date.now().toString(36)}`;
}

export type AccountInput = Omit<SignUpUserInput, "password" | "passwordConfirmation"> & { password?: string };

export interface NewAccount {
  input: AccountInput;
  flow: "User" | "Expert";
  /** Accounts made from a social sign-in have a confirmed e-mail and may have no password. */
  emailConfirmed?: boolean;
}

/** Creates the user and their profile. A taken e-mail is a 422 on the email field. */
export async function createAccount(db: Database, { input, flow, emailConfirmed = false }: NewAccount): Promise<User> {
  const names = input.firstName
    ? { firstName: input.firstName, lastName: input.lastName ?? "" }
    : splitFullName(input.fullName ?? "");
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (existing) throw new AppError(422, defaultErrorMessage(422), { email: ["This e-mail is already registered"] });
  const userName = await generateUserName(db, names.firstName, names.lastName);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          userName,
          firstName: names.firstName,
          lastName: names.lastName,
          passwordHash,
          signUpFlow: flow,
          timezone: input.timezone ?? "UTC",
          newsletter: input.newsletter ?? false,
          emailConfirmedAt: emailConfirmed ? new Date() : null,
        })
        .returning();
      await tx.insert(profiles).values({ userId: user.id });
      return user;
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (
      String(
        (error as { cause?: { code?: string }; code?: string })?.cause?.code ?? (error as { code?: string }).code,
      ) === "23505"
    ) {
      throw new AppError(422, defaultErrorMessage(422), { email: ["This e-mail is already registered"] });
    }
    throw error;
  }
}
