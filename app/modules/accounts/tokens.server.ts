import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** An unguessable token for a cookie or a link (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored hashed: a leaked table signs no one in. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

// No 0/O or 1/I, so a code read from an e-mail is typed right the first time.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function randomCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A short code has few possibilities: its hash is keyed with the server secret. */
export function hashCode(code: string, secret: string): string {
  return createHmac("sha256", secret).update(code).digest("hex");
}

export function sign(value: string, secret: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
