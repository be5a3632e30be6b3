import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";


function run(env: Record<string, string>) {
  // One process (node with the tsx loader), so the signal reaches our own handler.
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sharpside-proc-")), LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe("the server process", () => {
  it("refuses an invalid setting with a clear message and exit code 1", async () => {
    const server = run({ PORT: "abc", LOG_LEVEL: "loud" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid configuration");
    expect(server.output()).toContain('PORT must be a whole number, got "abc"');
    expect(server.output()).toContain("LOG_LEVEL");
    expect(server.output()).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("starts on a throw-away embedded database, answers, and shuts down cleanly on SIGTERM", async () => {
    const port = 3190 + Number(process.env.VITEST_POOL_ID ?? 0);
    const server = run({ PORT: String(port), HMR_PORT: String(24790 + port - 3190), DATABASE_URL: "memory://", NODE_ENV: "development" });
    try {
      let health: Response | undefined;
      for (let i = 0; i < 100 && !health; i++) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      }
      expect(health?.status).toBe(200);
      expect(health?.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.output()).toContain("seeded demo data");

      // An open notification stream does not hold the shutdown up: it is ended first.
      const signIn = await fetch(`http://127.0.0.1:${port}/api/session`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ session: { emailOrUserName: "alex.fan", password: "sharpside-demo", rememberMe: false } }),
      });
      const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("ss_access="))!.split(";")[0];
      const stream = await fetch(`http://127.0.0.1:${port}/api/notifications/sse-notifications`, { headers: { Cookie: cookie, Accept: "text/event-stream" } });
      expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = stream.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain("retry: 3000");
      const streamEnded = (async () => {
        while (!(await reader.read()).done);
        return true;
      })();

      const stopping = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(await streamEnded).toBe(true);
      expect(Date.now() - stopping).toBeLessThan(9000);
      expect(server.output()).toContain("shutting down");
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 60_000);
});
