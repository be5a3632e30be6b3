/**
 * Making admins (decision 026). No account is an admin by default in production: the
 * first one is granted by whoever runs the deployment, to an account that already exists and has
 * confirmed its e-mail (`npm run admin:grant -- EMAIL`, or `ADMIN_EMAILS` at every start).
 */
import { and, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";

export type AdminGrant = { email: string; outcome: "granted" | "already" | "unknown" | "unconfirmed" };

/** Grants the Admin role to each confirmed account among `emails` (case-insensitive); says what happened to each. */
export async function grantAdmins(db: Database, emails: string[]): Promise<AdminGrant[]> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const grants: AdminGrant[] = [];
  for (const email of wanted) {
    const [account] = await db
      .select({ id: users.id, roles: users.roles, confirmed: users.emailConfirmedAt })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (!account) grants.push({ email, outcome: "unknown" });
    else if (!account.confirmed) grants.push({ email, outcome: "unconfirmed" });
    else if (account.roles.includes("Admin")) grants.push({ email, outcome: "already" });
    else {
      await db
        .update(users)
        .set({ roles: sql`array_append(${users.roles}, 'Admin')` })
        .where(
          and(
            sql`${users.id} = ${account.id}`,
            isNotNull(users.emailConfirmedAt),
            sql`NOT ('Admin' = ANY(${users.roles}))`,
          ),
        );
      grants.push({ email, outcome: "granted" });
    }
  }
  return grants;
}

export const ADMIN_GRANT_WORDS: Record<AdminGrant["outcome"], string> = {
  granted: "is now an admin",
  already: "was already an admin",
  unknown: "has no account: sign up first, then grant",
  unconfirmed: "has not confirmed its e-mail yet: confirm it first, then grant",
};
