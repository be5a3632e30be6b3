import type { AppLoadContext } from "@remix-run/node";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { createLogger } from "~/modules/logger.server";
import { createMailTransport } from "~/modules/mail/mail.server";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-ctx-"));

/** The load context server.ts would build, around a test database. */
export function makeLoadContext(db: Database, envOverrides: Record<string, string> = {}): AppLoadContext {
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: "memory://", ...envOverrides });
  const log = createLogger("silent");
  return {
    db,
    env,
    log,
    requestId: "test-request",
    cspNonce: "test-nonce",
    clientIp: "127.0.0.1",
    appBuild: { id: "test-build", shell: ["/assets/entry.client-test.js", "/favicon.svg"] },
    // Always the log transport: messages land in mail_outbox, where tests read them.
    mail: createMailTransport({ ...env, SMTP_URL: undefined }, log),
  } as AppLoadContext;
}
