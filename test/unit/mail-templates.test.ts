import { describe, expect, it } from "vitest";
import { escapeHtml, passwordChangedEmail, passwordResetEmail, verificationEmail } from "~/modules/mail/templates";

const base = { appName: "Sharpside", appUrl: "https://sharpside.example/", firstName: "Alex" };
const hostile = "<img src=x onerror=alert(1)>";

describe("e-mail templates", () => {
  it("verification: the code, its validity and a magic link built from APP_URL, in both versions", () => {
    const mail = verificationEmail({ ...base, code: "K7Q2ZX", linkToken: "a+b/c=d" });
    const link = "https://sharpside.example/email-verification?token=a%2Bb%2Fc%3Dd";
    expect(mail.subject).toContain("K7Q2ZX");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("K7Q2ZX");
      expect(body).toContain("15 minutes");
      expect(body).toContain("Sharpside");
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    // The code is the first code-like word of the text, where readers (and tests) look for it.
    expect(/\b[A-Z2-9]{6}\b/.exec(mail.text)?.[0]).toBe("K7Q2ZX");
  });

  it("password reset: the link with the token in its path, valid 1 hour, and ignore-if-not-you", () => {
    const mail = passwordResetEmail({ ...base, resetToken: "tok/en?x" });
    const link = "https://sharpside.example/reset-password/tok%2Fen%3Fx";
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("1 hour");
      expect(body).toMatch(/did not ask/);
    }
  });

  it("password changed: a notice with the support address, or the contact page without one", () => {
    const withSupport = passwordChangedEmail({ ...base, supportEmail: "help@sharpside.example" });
    expect(withSupport.subject).toBe("Your Sharpside password was changed");
    expect(withSupport.text).toContain("help@sharpside.example");
    expect(withSupport.html).toContain("help@sharpside.example");
    expect(withSupport.text).toContain("https://sharpside.example/forgot-password");
    expect(passwordChangedEmail(base).text).toContain("https://sharpside.example/contacts");
  });

  it("escapes a hostile first name (and product name) in the HTML; the text keeps it as typed", () => {
    const mails = [
      verificationEmail({ ...base, firstName: hostile, code: "ABCDEF", linkToken: "t" }),
      passwordResetEmail({ ...base, firstName: hostile, resetToken: "t" }),
      passwordChangedEmail({ ...base, firstName: hostile }),
      passwordChangedEmail({ ...base, appName: `"><script>x</script>` }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<img|<script/);
    }
    expect(mails[0].html).toContain(`Hi ${escapeHtml(hostile)},`);
    expect(mails[0].html).toContain("Hi &lt;img src=x onerror=alert(1)&gt;,");
    expect(mails[0].text).toContain(`Hi ${hostile},`);
    expect(mails[3].html).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("greets without a name when there is none, and puts the product name in the header", () => {
    const mail = passwordResetEmail({ ...base, firstName: "  ", resetToken: "t" });
    expect(mail.text.split("\n\n").slice(0, 2)).toEqual(["Sharpside", "Hi,"]);
    expect(mail.html).toMatch(/<a href="https:\/\/sharpside\.example"[^>]*>Sharpside<\/a>/);
  });
});
