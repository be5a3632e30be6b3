import { expect, test, type Page } from "./support/test";
import { uniqueClientIp } from "./support/helpers";
import { mailFor, signUp, uniqueEmail, verifyByCode } from "./support/accounts";
import { E2E_STAND_INS } from "./support/ports";

/** The account journeys in a real browser, with e-mail read from the local SMTP server. */

// Each test signs up from its own address, so per-IP limits never couple the tests.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
});

test("sign up as a User, verify with the e-mailed code, and land home", async ({ page }) => {
  const email = uniqueEmail("user");
  await signUp(page, email, "User sign up");
  const mail = await mailFor(email);
  expect(mail.text).toContain("/email-verification?token=");
  await verifyByCode(page, email);
  await page.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In / Sign up" })).toHaveCount(0);
});

test("sign up as an Expert: Done after verification leads to /become-expert", async ({ page }) => {
  const email = uniqueEmail("expert");
  await signUp(page, email, "Expert sign up");
  await verifyByCode(page, email);
  await page.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/become-expert$/);
});

test("the magic link in the e-mail verifies too", async ({ page }) => {
  const email = uniqueEmail("link");
  await signUp(page, email, "User sign up");
  const link = /(http\S+\/email-verification\?token=\S+)/.exec((await mailFor(email)).text)![1];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page).toHaveURL(/\/email-verification\/confirmed$/);
});

async function signIn(page: Page, email: string, password: string, rememberMe: boolean) {
  await page.goto("/sign-in");
  await page.getByLabel("Email or username").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
}

test("remember me keeps the session through a browser restart; without it the session ends", async ({ browser }) => {
  // Two whole sign-ins and two restarts: on two busy cores that can pass the default 30 s.
  test.setTimeout(60_000);
  for (const rememberMe of [true, false]) {
    const first = await browser.newContext();
    const page = await first.newPage();
    await signIn(page, "alexfan@demo.sharpside.app", "sharpside-demo", rememberMe);
    // A restart keeps only cookies with an expiry; browser-session cookies are gone.
    const kept = (await first.cookies()).filter((cookie) => cookie.expires > 0);
    await first.close();
    // Fifteen minutes later the access cookie has lapsed too: only the refresh cookie is left.
    const restarted = await browser.newContext();
    await restarted.addCookies(kept.filter((cookie) => cookie.name !== "ss_access"));
    const again = await restarted.newPage();
    await again.goto("/");
    if (rememberMe) await expect(again.getByRole("button", { name: "Account menu" })).toBeVisible();
    else await expect(again.getByRole("link", { name: "Sign In / Sign up" })).toBeVisible();
    await restarted.close();
  }
});

test("a wrong password shows the server's message; callbackUrl brings the user back", async ({ page }) => {
  await page.goto("/sign-in?callbackUrl=%2Fcontacts");
  await page.getByLabel("Email or username").fill("alexfan@demo.sharpside.app");
  await page.getByLabel("Password", { exact: true }).fill("not the password 1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong email, username or password");
  await page.getByLabel("Password", { exact: true }).fill("sharpside-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test("forgot password, reset from the e-mailed link, then sign in with the new password", async ({ page }) => {
  const email = uniqueEmail("reset");
  await signUp(page, email, "User sign up");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(page.getByRole("link", { name: "Sign In / Sign up" })).toBeVisible();

  await page.goto("/forgot-password");
  await page.getByLabel("Email or username").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const mail = await mailFor(email, 2);
  const link = /(http\S+\/reset-password\/\S+)/.exec(mail.text)![1];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByRole("heading", { name: "Create new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("brand new pass 7");
  await page.getByLabel("Confirm new password").fill("brand new pass 7");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed successfully" })).toBeVisible();
  // The link is spent.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await signIn(page, email, "brand new pass 7", false);
});

async function googleSignsInAs(account: { sub: string; email: string; name: string; email_verified: boolean }) {
  await fetch(`http://127.0.0.1:${E2E_STAND_INS.controlPort}/sign-in-as`, {
    method: "POST",
    body: JSON.stringify(account),
  });
}

test("Google sign-in: a new account completes sign-up, a returning one is signed straight in", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("google");
  await googleSignsInAs({ sub: `google-${Date.now()}`, email, name: "Gale Googler", email_verified: true });
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/sign-up\/complete\?/);
  await expect(page.getByRole("heading", { name: "Complete sign up" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Full name")).toHaveValue("Gale Googler");
  await page.getByRole("button", { name: "Complete sign up" }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

  await context.clearCookies();
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
});

test("a refused Google sign-in says to try a different account", async ({ page }) => {
  await fetch(`http://127.0.0.1:${E2E_STAND_INS.controlPort}/refuse-next`, {
    method: "POST",
    body: JSON.stringify({ error: "access_denied" }),
  });
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/sign-in\?error=google/);
  await expect(page.getByRole("alert")).toHaveText("Try signing in with a different account.");
});
