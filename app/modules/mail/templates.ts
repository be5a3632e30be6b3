/**
 * The e-mails we send, each as subject + plain text + HTML built from the same blocks by one
 * layout, so both versions always say the same thing. HTML is table-based with inline styles,
 * which is what e-mail clients render; every interpolated value is escaped in one place
 * (`renderEmail`), since names are user input. Pure and free of secrets: safe anywhere.
 */

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** How long the e-mail code lives (product.md "Sessions"). */
export const EMAIL_CODE_VALID_MINUTES = 15;
/** How long a password reset link lives (product.md "Sessions"). */
export const RESET_LINK_VALID_MINUTES = 60;

type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "code"; code: string }
  | { kind: "button"; label: string; url: string }
  | { kind: "note"; text: string };

const BRAND = "#059669";
const INK = "#0b1220";
const MUTED = "#6b7280";
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]);
}

const trimUrl = (url: string) => url.replace(/\/+$/, "");
const greeting = (firstName: string) => (firstName.trim() ? `Hi ${firstName.trim()},` : "Hi,");

/** The one layout: header with the product name, a greeting, the blocks, a footer with the site. */
function renderEmail(options: {
  appName: string;
  appUrl: string;
  subject: string;
  firstName: string;
  blocks: Block[];
}): EmailContent {
  const { appName, subject, blocks } = options;
  const appUrl = trimUrl(options.appUrl);
  const hello = greeting(options.firstName);

  const textBlocks = blocks.map((block) => {
    switch (block.kind) {
      case "paragraph":
      case "note":
        return block.text;
      case "code":
        return `    ${block.code}`;
      case "button":
        return `${block.label}:\n${block.url}`;
    }
  });
  const text = [appName, hello, ...textBlocks, `— ${appName}\n${appUrl}`].join("\n\n") + "\n";

  const htmlBlocks = blocks
    .map((block) => {
      switch (block.kind) {
        case "paragraph":
          return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK};white-space:pre-line">${escapeHtml(block.text)}</p>`;
        case "note":
          return `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:${MUTED}">${escapeHtml(block.text)}</p>`;
        case "code":
          return `<p style="margin:0 0 16px;text-align:center"><span style="display:inline-block;padding:12px 20px;border-radius:8px;background:#ecfdf5;font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:32px;font-weight:700;letter-spacing:6px;color:${INK}">${escapeHtml(block.code)}</span></p>`;
        case "button":
          return [
            `<p style="margin:0 0 8px;text-align:center"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:${BRAND};color:#ffffff;font-size:16px;font-weight:600;text-decoration:none">${escapeHtml(block.label)}</a></p>`,
            // Some clients strip buttons: the address itself stays readable and copyable.
            `<p style="margin:0 0 16px;font-size:12px;line-height:18px;color:${MUTED};word-break:break-all;text-align:center">${escapeHtml(block.url)}</p>`,
          ].join("");
      }
    })
    .join("\n");

  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px;font-family:${FONT}">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${INK};padding:20px 32px"><a href="${escapeHtml(appUrl)}" style="color:#ffffff;font-size:20px;font-weight:700;letter-spacing:2px;text-decoration:none;text-transform:uppercase">${escapeHtml(appName)}</a></td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK}">${escapeHtml(hello)}</p>
${htmlBlocks}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:${MUTED}">${escapeHtml(appName)} · <a href="${escapeHtml(appUrl)}" style="color:${MUTED}">${escapeHtml(appUrl)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}

/** Sign-up and "resend code": the 6-character code and the magic link that does the same. */
export function verificationEmail(values: {
  appName: string;
  appUrl: string;
  firstName: string;
  code: string;
  linkToken: string;
}): EmailContent {
  const link = `${trimUrl(values.appUrl)}/email-verification?token=${encodeURIComponent(values.linkToken)}`;
  return renderEmail({
    ...values,
    subject: `Your ${values.appName} verification code: ${values.code}`,
    blocks: [
      {
        kind: "paragraph",
        text: `Enter this code to verify your e-mail address and finish signing up for ${values.appName}:`,
      },
      { kind: "code", code: values.code },
      {
        kind: "paragraph",
        text: `The code is valid for ${EMAIL_CODE_VALID_MINUTES} minutes. Or verify with one click:`,
      },
      { kind: "button", label: "Verify my e-mail", url: link },
      { kind: "note", text: `If you did not sign up for ${values.appName}, you can ignore this e-mail.` },
    ],
  });
}

export function passwordResetEmail(values: {
  appName: string;
  appUrl: string;
  firstName: string;
  resetToken: string;
}): EmailContent {
  const link = `${trimUrl(values.appUrl)}/reset-password/${encodeURIComponent(values.resetToken)}`;
  return renderEmail({
    ...values,
    subject: `Reset your ${values.appName} password`,
    blocks: [
      {
        kind: "paragraph",
        text: `We received a request to reset the password of your ${values.appName} account. Choose a new one here:`,
      },
      { kind: "button", label: "Reset my password", url: link },
      { kind: "paragraph", text: `The link is valid for 1 hour and works once.` },
      {
        kind: "note",
        text: "If you did not ask to reset your password, ignore this e-mail: your password stays as it is.",
      },
    ],
  });
}

/**
 * Sent after a reset or a change, so an owner whose account was taken over learns of it.
 * `supportEmail` is the address to write to; without it the note points to the contact page.
 */
export function passwordChangedEmail(values: {
  appName: string;
  appUrl: string;
  firstName: string;
  supportEmail?: string;
}): EmailContent {
  const appUrl = trimUrl(values.appUrl);
  const contact = values.supportEmail ? `write to ${values.supportEmail}` : `contact us at ${appUrl}/contacts`;
  return renderEmail({
    ...values,
    subject: `Your ${values.appName} password was changed`,
    blocks: [
      {
        kind: "paragraph",
        text: `The password of your ${values.appName} account was just changed, and every other device was signed out.`,
      },
      { kind: "paragraph", text: "If it was you, there is nothing else to do." },
      {
        kind: "paragraph",
        text: `If it was not you, reset your password right away and ${contact} so we can secure your account.`,
      },
      { kind: "button", label: "Reset my password", url: `${appUrl}/forgot-password` },
    ],
  });
}

/**
 * A new pick from an expert the reader subscribes to: who and what, and a link. Nothing of the
 * pick itself (the paywall lets the subscriber read it, but an e-mail can be forwarded).
 */
export function newPickEmail(values: {
  appName: string;
  appUrl: string;
  firstName: string;
  expertName: string;
  title: string;
  postId: string;
  unsubscribeUrl: string;
}): EmailContent {
  const link = `${trimUrl(values.appUrl)}/posts/${encodeURIComponent(values.postId)}`;
  return renderEmail({
    ...values,
    subject: `New pick from ${values.expertName}: ${values.title}`,
    blocks: [
      { kind: "paragraph", text: `${values.expertName} just posted a new pick: “${values.title}”.` },
      { kind: "button", label: "Read the pick", url: link },
      {
        kind: "note",
        text: `You get this e-mail because you subscribe to ${values.expertName}. Stop e-mails about new picks: ${values.unsubscribeUrl}`,
      },
    ],
  });
}

/**
 * The expert's welcome to a new subscriber, in the expert's own words (plain text: each blank line
 * starts a paragraph), and the way to their page.
 */
export function subscriberWelcomeEmail(values: {
  appName: string;
  appUrl: string;
  firstName: string;
  expertName: string;
  expertUserName: string;
  message: string;
}): EmailContent {
  const page = `${trimUrl(values.appUrl)}/experts/${encodeURIComponent(values.expertUserName)}`;
  return renderEmail({
    ...values,
    subject: `A welcome from ${values.expertName}`,
    blocks: [
      {
        kind: "paragraph",
        text: `Thanks for subscribing to ${values.expertName}. They wrote this for new subscribers:`,
      },
      ...values.message
        .split(/\n\s*\n/)
        .map((text) => text.trim())
        .filter(Boolean)
        .map((text) => ({ kind: "paragraph" as const, text })),
      { kind: "button", label: `Open ${values.expertName}'s page`, url: page },
      { kind: "note", text: "You get this e-mail once, when your subscription starts." },
    ],
  });
}

/** A support request as its e-mails name it: who asked, how to reach them, what about. */
export interface SupportRequestDetails {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  preferredTime: string | null;
  message: string | null;
  /** The account it was sent from (a user name), when signed in. */
  account: string | null;
}

/** One line of a subject: user input may carry line breaks. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** To the support team (SUPPORT_EMAIL): a request to call back, with the screen that lists it. */
export function supportRequestEmail(values: {
  appName: string;
  appUrl: string;
  request: SupportRequestDetails;
}): EmailContent {
  const { request } = values;
  const details = [
    `Name: ${request.name}`,
    `Phone: ${request.phone}`,
    `E-mail: ${request.email ?? "not given"}`,
    `Best time: ${request.preferredTime ?? "any"}`,
    `Account: ${request.account ? `@${request.account}` : "not signed in"}`,
  ];
  return renderEmail({
    appName: values.appName,
    appUrl: values.appUrl,
    firstName: "",
    subject: `Call request: ${oneLine(request.name)}, ${oneLine(request.phone)}`,
    blocks: [
      { kind: "paragraph", text: `${request.name} asks to be called back.` },
      ...details.map((text) => ({ kind: "paragraph" as const, text })),
      { kind: "paragraph", text: request.message ? `Message: ${request.message}` : "No message." },
      { kind: "button", label: "Open the support requests", url: `${trimUrl(values.appUrl)}/admin/support` },
      { kind: "note", text: `Request ${request.id}. Mark it handled on that screen once called.` },
    ],
  });
}

/** To the person who asked (when an address is known): it arrived, and what happens next. */
export function supportRequestReceivedEmail(values: {
  appName: string;
  appUrl: string;
  name: string;
  phone: string;
  preferredTime: string | null;
  supportEmail: string;
}): EmailContent {
  const when = values.preferredTime ? ` in the ${values.preferredTime.toLowerCase()}` : "";
  return renderEmail({
    appName: values.appName,
    appUrl: values.appUrl,
    firstName: values.name,
    subject: `We received your call request`,
    blocks: [
      {
        kind: "paragraph",
        text: `Thanks for reaching out to ${values.appName}. We will call you at ${values.phone}${when}, usually within one business day.`,
      },
      {
        kind: "note",
        text: `Something to add, or did not ask for this? Write to ${values.supportEmail}.`,
      },
    ],
  });
}

/** The reminder before a free trial ends: what happens then, and how to cancel before it does. */
export function trialReminderEmail(values: {
  appName: string;
  appUrl: string;
  firstName: string;
  expertName: string;
  expertUserName: string;
  /** The trial's end, already in words ("Friday, December 4"). */
  endsOn: string;
  /** The price charged then, in words ("$29.99"); null when the subscription continues free. */
  price: string | null;
}): EmailContent {
  const payments = `${trimUrl(values.appUrl)}/payments`;
  return renderEmail({
    ...values,
    subject: `Your free trial of ${values.expertName} ends on ${values.endsOn}`,
    blocks: [
      {
        kind: "paragraph",
        text: values.price
          ? `Your free trial of ${values.expertName}'s picks ends on ${values.endsOn}. Your card will then be charged ${values.price}, and every 30 days after that until you cancel.`
          : `Your free trial of ${values.expertName}'s picks ends on ${values.endsOn}. Card payments are not open yet, so your subscription then carries on free of charge until you cancel.`,
      },
      {
        kind: "paragraph",
        text: "To stop before then, cancel on your Payments page: nothing is charged, and you keep the picks until the trial ends.",
      },
      { kind: "button", label: "Open Payments", url: payments },
      { kind: "note", text: "You get this e-mail once, a few days before your trial ends." },
    ],
  });
}
