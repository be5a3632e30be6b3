/**
 * The expert's welcome to new subscribers: written through `POST /api/business/welcome` (and the
 * business page's form), e-mailed once by the mail job to each new subscriber only, and shown once
 * on their next visit to the expert's post or page.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, subscriptions } from "~/db/schema";
import { readViewer } from "~/modules/accounts/sessions.server";
import { toCurrentUser } from "~/modules/accounts/users.server";
import { subscribe } from "~/modules/subscriptions/subscription-changes.server";
import { emailWelcomes } from "~/modules/subscriptions/subscriber-welcome.server";
import { WELCOME_TOO_LONG } from "~/modules/subscriptions/subscriber-welcome";
import * as welcomeRoute from "~/routes/api.business.welcome";
import * as expertPage from "~/routes/experts.$userName";
import * as postPage from "~/routes/posts.$postId";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { postFixtures, type MadeUser } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", APP_NAME: "Sharpside" });
  fx = postFixtures(database.db, context);
});
afterAll(() => database?.close());

const MESSAGE = "Thanks for joining <b>the crew</b>!\n\nPicks go up by 5 pm ET.";
const setWelcome = (jar: CookieJar, message: unknown) =>
  callRoute(welcomeRoute, context, { method: "POST", path: "/api/business/welcome", body: { message }, jar });

/** A page loader's data, as Remix runs it for the reader. */
async function load(loader: (args: never) => unknown, path: string, params: Record<string, string>, jar: CookieJar) {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: jar.header() } });
  const answer = (await loader({ request, params, context } as never)) as { data?: unknown } & Record<string, unknown>;
  return (answer.data ?? answer) as { welcome: { expertName: string; message: string } | null };
}
const mailsTo = (email: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe("the welcome to new subscribers", () => {
  let expert: MadeUser;

  beforeAll(async () => {
    expert = await fx.makeUser({ expert: true });
  });

  it("is the expert's to write: saved, read back, refused when too long, cleared when empty", async () => {
    expect((await setWelcome(expert.jar, "x".repeat(2001))).status).toBe(422);
    expect((await setWelcome(expert.jar, "x".repeat(2001))).body.errors).toEqual({ message: [WELCOME_TOO_LONG] });
    const saved = await setWelcome(expert.jar, `  ${MESSAGE}\r\n`);
    expect(saved.status).toBe(200);
    expect(saved.body.payload).toEqual({ message: MESSAGE });
    const read = await callRoute(welcomeRoute, context, { path: "/api/business/welcome", jar: expert.jar });
    expect(read.body.payload).toEqual({ message: MESSAGE });
    const reader = await fx.makeUser();
    expect((await setWelcome(reader.jar, "Mine now")).status).toBe(403);
  });

  it("is e-mailed once to the new subscriber, escaped, and shown once on their next visit", async () => {
    const post = await fx.addPost(expert.user.id, { title: "Tonight's card" });
    const reader = await fx.makeUser();
    const bystander = await fx.makeUser();
    await subscribe(context, toCurrentUser(reader.user, null), expert.user.id);

    expect(await emailWelcomes(database.db, context.env)).toBe(1);
    expect(await emailWelcomes(database.db, context.env)).toBe(0);
    const [mail] = await mailsTo(reader.user.email);
    expect(mail.subject).toBe(`A welcome from Morgan ${expert.user.lastName}`);
    expect(mail.text).toContain("Thanks for joining <b>the crew</b>!");
    expect(mail.text).toContain("Picks go up by 5 pm ET.");
    expect(mail.html).toContain("Thanks for joining &lt;b&gt;the crew&lt;/b&gt;!");
    expect(mail.html).not.toContain("<b>the crew</b>");
    expect(await mailsTo(bystander.user.email)).toEqual([]);

    // Someone else reading the post gets nothing; the subscriber gets it on the first visit only.
    const path = `/posts/${post.id}`;
    expect((await load(postPage.loader, path, { postId: post.id }, bystander.jar)).welcome).toBeNull();
    const first = await load(postPage.loader, path, { postId: post.id }, reader.jar);
    expect(first.welcome).toEqual({ expertName: `Morgan ${expert.user.lastName}`, message: MESSAGE });
    expect((await load(postPage.loader, path, { postId: post.id }, reader.jar)).welcome).toBeNull();
    const expertPath = `/experts/${expert.user.userName}`;
    const onPage = await load(expertPage.loader, expertPath, { userName: expert.user.userName }, reader.jar);
    expect(onPage.welcome).toBeNull();
  });

  it("waits for the expert's page when that is where the subscriber goes first", async () => {
    const reader = await fx.makeUser();
    await subscribe(context, toCurrentUser(reader.user, null), expert.user.id);
    const path = `/experts/${expert.user.userName}`;
    // The reader's own read (every request's) names the expert whose welcome waits, until it is shown.
    const viewerOf = () => readViewer(database.db, context.env.SESSION_SECRET, reader.jar.header());
    expect((await viewerOf())!.welcomesFrom).toEqual([expert.user.id]);
    const first = await load(expertPage.loader, path, { userName: expert.user.userName }, reader.jar);
    expect(first.welcome?.message).toBe(MESSAGE);
    expect((await viewerOf())!.welcomesFrom).toEqual([]);
    // A renewal or a second look brings nothing more.
    expect((await load(expertPage.loader, path, { userName: expert.user.userName }, reader.jar)).welcome).toBeNull();
  });

  it("is nothing at all when the expert wrote none", async () => {
    const quiet = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    await subscribe(context, toCurrentUser(reader.user, null), quiet.user.id);
    const [row] = await database.db
      .select({ due: subscriptions.welcomeMailDue, pending: subscriptions.welcomePending })
      .from(subscriptions)
      .where(and(eq(subscriptions.subscriberId, reader.user.id), eq(subscriptions.expertId, quiet.user.id)));
    expect(row).toEqual({ due: false, pending: false });
    await emailWelcomes(database.db, context.env);
    expect(await mailsTo(reader.user.email)).toEqual([]);
  });
});
