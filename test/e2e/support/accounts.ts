import { expect, type Page } from "@playwright/test";
import { E2E_STAND_INS } from "./ports";

/** Signing up in the browser, with the e-mail read from the local SMTP stand-in. */

export const PASSWORD = "correct horse 42";
let counter = 0;
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.com`;

export interface CaughtMail {
  subject: string;
  text: string;
}

/** What the SMTP stand-in caught for an address, oldest first. */
async function messagesTo(email: string): Promise<CaughtMail[]> {
  const response = await fetch(
    `http://127.0.0.1:${E2E_STAND_INS.mailHttpPort}/messages?to=${encodeURIComponent(email)}`,
  );
  return (await response.json()) as CaughtMail[];
}

export async function mailFor(email: string, count = 1): Promise<CaughtMail> {
  let messages: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        messages = await messagesTo(email);
        return messages.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return messages[messages.length - 1];
}

/**
 * The message to an address with this subject, polled for until the stand-in has it (`timeout`:
 * 30 s for mail a job queues, which the outbox sends within 20 s).
 */
export async function mailWithSubject(email: string, subject: string, timeout = 10_000): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(email)).find((mail) => mail.subject === subject);
        return Boolean(found);
      },
      { timeout, message: `no "${subject}" to ${email}` },
    )
    .toBe(true);
  return found!;
}

export const codeIn = (mail: CaughtMail) => /\b([A-Z2-9]{6})\b/.exec(mail.text)![1];

export async function signUp(page: Page, email: string, tab: "User sign up" | "Expert sign up") {
  await page.goto("/sign-up");
  await page.getByRole("tab", { name: tab }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Casey Tester");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Password confirmation").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL(/\/email-verification$/);
}

export async function verifyByCode(page: Page, email: string) {
  const code = codeIn(await mailFor(email));
  // Typed as a person might paste it: lower case, with a space; the form sends itself at 6.
  await page.getByLabel("Verification code").fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
  await expect(page).toHaveURL(/\/email-verification\/confirmed$/);
  await expect(page.getByRole("heading", { name: "Email address verified" })).toBeVisible();
}
