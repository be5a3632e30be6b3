/**
 * The signed-in user's own profile (product.md "Entities"; decision 012): read it, replace it and
 * change the username. The same functions serve /settings and the JSON API.
 */
import { and, eq, like, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles, uploads, users } from "~/db/schema";
import { isExpert, type CurrentUser } from "~/modules/accounts/current-user";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { MESSAGES, PROFILE_COUNTRY, type Profile, type ProfileInput, type ProfilePhotosInput } from "./profile-schema";

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      timezone: users.timezone,
      avatar: profiles.avatar,
      cover: profiles.cover,
      country: profiles.country,
      state: profiles.state,
      city: profiles.city,
      dateOfBirth: profiles.dateOfBirth,
      expertAboutText: profiles.expertAboutText,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError(404);
  return {
    avatar: row.avatar ?? null,
    cover: row.cover ?? null,
    firstName: row.firstName,
    location: { country: row.country ?? PROFILE_COUNTRY, state: row.state ?? null, city: row.city ?? null },
    dateOfBirth: row.dateOfBirth ?? null,
    timezone: row.timezone,
    expertAboutText: row.expertAboutText ?? null,
  };
}

/** undefined keeps the stored value; null and "" clear it. */
const keepOrClear = <T>(value: T | null | undefined): T | null | undefined =>
  value === undefined ? undefined : value || null;

/**
 * Replaces the profile. A photo must be the one already stored or an image the user uploaded
 * (an upload row they own, complete): a key of someone else's file is refused, never linked.
 * The about text is an expert's; for anyone else it is ignored.
 */
export async function updateProfile(
  db: Database,
  user: Pick<CurrentUser, "id" | "roles">,
  input: ProfileInput,
): Promise<Profile> {
  const { avatar, cover } = await checkedPhotos(db, user.id, input);

  const changes = {
    state: input.location.state,
    city: input.location.city,
    country: PROFILE_COUNTRY,
    ...(avatar !== undefined ? { avatar } : {}),
    ...(cover !== undefined ? { cover } : {}),
    ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth || null } : {}),
    ...(isExpert(user) && input.expertAboutText !== undefined
      ? { expertAboutText: input.expertAboutText || null }
      : {}),
  };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ firstName: input.firstName, ...(input.timezone ? { timezone: input.timezone } : {}) })
      .where(eq(users.id, user.id));
    await tx
      .insert(profiles)
      .values({ userId: user.id, ...changes })
      .onConflictDoUpdate({ target: profiles.userId, set: changes });
  });
  return getProfile(db, user.id);
}

/**
 * Stores the photos given (the photo editor's Save) and nothing else: the rest of the profile is
 * left as it is, even when it was never filled in. Same ownership rule as `updateProfile`.
 */
export async function updateProfilePhotos(db: Database, userId: string, input: ProfilePhotosInput): Promise<Profile> {
  const { avatar, cover } = await checkedPhotos(db, userId, input);
  const changes = { ...(avatar !== undefined ? { avatar } : {}), ...(cover !== undefined ? { cover } : {}) };
  if (Object.keys(changes).length > 0) {
    await db
      .insert(profiles)
      .values({ userId, country: PROFILE_COUNTRY, ...changes })
      .onConflictDoUpdate({ target: profiles.userId, set: changes });
  }
  return getProfile(db, userId);
}

/**
 * The photos to store (undefined keeps, null clears). A new one must be an image the user
 * uploaded (an upload row they own, complete): a key of someone else's file is refused, never linked.
 */
async function checkedPhotos(
  db: Database,
  userId: string,
  input: ProfilePhotosInput,
): Promise<{ avatar: string | null | undefined; cover: string | null | undefined }> {
  const current = await getProfile(db, userId);
  const avatar = keepOrClear(input.avatar);
  const cover = keepOrClear(input.cover);
  const errors: Record<string, string[]> = {};
  for (const [field, value, stored] of [
    ["avatar", avatar, current.avatar],
    ["cover", cover, current.cover],
  ] as const) {
    if (value && value !== stored && !(await ownsImageUpload(db, userId, value))) errors[field] = [MESSAGES.image];
  }
  if (Object.keys(errors).length > 0) throw new AppError(422, defaultErrorMessage(422), errors);
  return { avatar, cover };
}

async function ownsImageUpload(db: Database, userId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.key, key),
        eq(uploads.ownerId, userId),
        eq(uploads.status, "Complete"),
        like(uploads.mimeType, "image/%"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Free for this user: nobody else has it in any letter case (their own name is free to them). */
export async function isUserNameAvailable(db: Database, userId: string, userName: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.userName}) = ${userName.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return !taken;
}

const takenError = () => new AppError(422, defaultErrorMessage(422), { userName: [MESSAGES.userNameTaken] });

/** `PUT /api/user/profile/username`: unique case-insensitively; the unique index settles races. */
export async function changeUserName(db: Database, userId: string, userName: string): Promise<string> {
  if (!(await isUserNameAvailable(db, userId, userName))) throw takenError();
  try {
    await db.update(users).set({ userName }).where(eq(users.id, userId));
  } catch (error) {
    const code =
      (error as { cause?: { code?: string }; code?: string })?.cause?.code ?? (error as { code?: string }).code;
    if (String(code) === "23505") throw takenError();
    throw error;
  }
  return userName;
}

/** Accounts made through a social sign-in may have no password (then there is none to change). */
export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ set: sql<boolean>`${users.passwordHash} IS NOT NULL` })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.set);
}
