import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/config/env.server";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "sharpside-env-"));

describe("parseEnv", () => {
  it("fills every default from product.md when nothing is set", () => {
    const dataDir = tempDir();
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.APP_NAME).toBe("Sharpside");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.EMBEDDED_DATABASE).toBe(true);
    expect(env.PAYMENTS_ENABLED).toBe(false);
    expect(env.MEMBERSHIP_PRICE_CENTS).toBe(4900);
    expect(env.PLATFORM_FEE_PERCENT).toBe(10);
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.RATE_LIMIT_SUPPORT_REQUEST).toEqual({ limit: 5, windowSeconds: 3600 });
    expect(env.RATE_LIMIT_UPLOAD).toEqual({ limit: 60, windowSeconds: 3600 });
  });

  it("derives APP_URL from PORT and strips a trailing slash from a given one", () => {
    expect(parseEnv({ DATA_DIR: tempDir(), PORT: "8080" }).APP_URL).toBe("http://localhost:8080");
    expect(parseEnv({ DATA_DIR: tempDir(), APP_URL: "https://sharpside.app/" }).APP_URL).toBe("https://sharpside.app");
  });

  it("keeps one PostgreSQL connection per core, 2 to 10, unless DATABASE_POOL_SIZE says otherwise", () => {
    expect(parseEnv({ DATA_DIR: tempDir() }).DATABASE_POOL_SIZE).toBe(
      Math.min(10, Math.max(2, os.availableParallelism())),
    );
    expect(parseEnv({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: "16" }).DATABASE_POOL_SIZE).toBe(16);
    expect(() => parseEnv({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: "0" })).toThrowError("DATABASE_POOL_SIZE");
    expect(() => parseEnv({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: "many" })).toThrowError("DATABASE_POOL_SIZE");
  });

  it("returns a frozen object", () => {
    const env = parseEnv({ DATA_DIR: tempDir() });
    expect(Object.isFrozen(env)).toBe(true);
  });

  it.each([
    [{ PORT: "abc" }, "PORT must be a whole number"],
    [{ PORT: "70000" }, "PORT must be between 0 and 65535"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL must be postgres://"],
    [{ APP_URL: "not a url" }, "APP_URL must be a http:// or https:// URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL must be a smtp:// or smtps:// URL"],
    [{ RATE_LIMIT_SUPPORT_REQUEST: "many" }, 'RATE_LIMIT_SUPPORT_REQUEST must look like "limit/seconds"'],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET must be at least 32 characters"],
  ])("rejects %o with a clear message", (values, message) => {
    expect(() => parseEnv({ DATA_DIR: tempDir(), ...values })).toThrowError(EnvError);
    expect(() => parseEnv({ DATA_DIR: tempDir(), ...values })).toThrowError(message);
  });

  it.each([
    [
      "DATABASE_URL",
      "mysql://admin:hunter2-Secret@db.internal/app",
      'DATABASE_URL must be postgres://… or memory://, got a "mysql://" URL (not shown: it may hold a password)',
    ],
    [
      "DATABASE_URL",
      "admin:hunter2-Secret@db.internal/app",
      "DATABASE_URL must be postgres://… or memory://, got a value (not shown: it may hold a password)",
    ],
    [
      "SMTP_URL",
      "https://mailer:hunter2-Secret@mail.example",
      'SMTP_URL must be a smtp:// or smtps:// URL, got a "https://" URL (not shown: it may hold a password)',
    ],
    // No "@": the password is where the port should be, so nothing marks it as one.
    [
      "SMTP_URL",
      "smtp://mailer:hunter2-Secret/mail.example",
      'SMTP_URL must be a smtp:// or smtps:// URL, got a "smtp://" URL (not shown: it may hold a password)',
    ],
    [
      "S3_ENDPOINT",
      "ftp://key:hunter2-Secret@s3.example/",
      'S3_ENDPOINT must be a http:// or https:// URL, got "ftp://***@s3.example/"',
    ],
  ])("names %s but never prints a password from a malformed value", (name, value, message) => {
    try {
      parseEnv({ DATA_DIR: tempDir(), [name]: value });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems).toEqual([message]);
      expect((error as EnvError).message).not.toContain("hunter2");
    }
  });

  it("lists every bad variable at once", () => {
    try {
      parseEnv({ DATA_DIR: tempDir(), PORT: "abc", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems).toHaveLength(2);
    }
  });

  it("generates a session secret once and keeps it in DATA_DIR", () => {
    const dataDir = tempDir();
    const first = parseEnv({ DATA_DIR: dataDir });
    expect(first.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(first.SESSION_SECRET);
    expect(parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
  });

  it("refuses to start in production on a database server without a secret", () => {
    const dataDir = tempDir();
    expect(() =>
      parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "postgres://db/app" }),
    ).toThrowError("SESSION_SECRET is required");
    expect(existsSync(path.join(dataDir, "session-secret"))).toBe(false);
    const secret = "x".repeat(32);
    expect(
      parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "postgres://db/app", SESSION_SECRET: secret })
        .SESSION_SECRET,
    ).toBe(secret);
  });

  it("seeds the demo (published password) outside production only, unless asked; ADMIN_EMAILS is a list", () => {
    const dataDir = tempDir();
    expect(parseEnv({ DATA_DIR: dataDir }).SEED_DEMO_DATA).toBe("auto");
    expect(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production" }).SEED_DEMO_DATA).toBe("never");
    expect(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", SEED_DEMO_DATA: "always" }).SEED_DEMO_DATA).toBe(
      "always",
    );
    expect(parseEnv({ DATA_DIR: dataDir }).ADMIN_EMAILS).toEqual([]);
    expect(
      parseEnv({ DATA_DIR: dataDir, ADMIN_EMAILS: " ops@example.com, Owner@Example.com ,," }).ADMIN_EMAILS,
    ).toEqual(["ops@example.com", "Owner@Example.com"]);
  });

  it("turns on payments only with a Stripe key", () => {
    expect(parseEnv({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: "sk_test_1" }).PAYMENTS_ENABLED).toBe(true);
  });
});
