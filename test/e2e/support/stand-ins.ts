/**
 * The third parties the browser tests talk to, started by Playwright before the app: a real SMTP
 * server that keeps what it receives (read over HTTP by the tests), a real OAuth2 provider
 * standing in for Google and a push service that decrypts what it receives, steered over a small
 * control port.
 *
 *   node --import tsx test/e2e/support/stand-ins.ts
 */
import { createServer } from "node:http";
import { startOAuthProvider, type ProviderAccount } from "../../support/oauth-provider";
import { startMailCatcher } from "../../support/mail-catcher";
import { startPushService } from "../../support/push-service";
import { E2E_STAND_INS } from "./ports";

const mail = await startMailCatcher({ smtpPort: E2E_STAND_INS.smtpPort, httpPort: E2E_STAND_INS.mailHttpPort });
const provider = await startOAuthProvider({
  clientId: E2E_STAND_INS.googleClientId,
  clientSecret: E2E_STAND_INS.googleClientSecret,
  port: E2E_STAND_INS.oauthPort,
});

const push = await startPushService({ port: E2E_STAND_INS.pushPort });

// POST /sign-in-as {sub, email, name, email_verified} · POST /refuse-next {error}
// POST /push/subscribe → a browser's subscription · GET /push/received?id= → its decrypted pushes
const control = createServer((req, res) => {
  if (req.url === "/push/subscribe" || req.url?.startsWith("/push/received?")) {
    const id = new URL(req.url, "http://stand-in").searchParams.get("id");
    const answer = id ? push.received.filter((p) => p.subscriptionId === id) : push.subscribe();
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
    return;
  }
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const input = body ? JSON.parse(body) : {};
    if (req.url === "/sign-in-as") provider.signInAs(input as ProviderAccount);
    else if (req.url === "/refuse-next") provider.refuseNext(String(input.error ?? "access_denied"));
    else if (req.url !== "/ready") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
});
await new Promise<void>((resolve) => control.listen(E2E_STAND_INS.controlPort, "127.0.0.1", resolve));

// The analytics tag and support messenger: each script notes that it ran.
const thirdParty = createServer((req, res) => {
  const name = /^\/(analytics|messenger)\.js$/.exec(req.url ?? "")?.[1];
  if (!name) return void res.writeHead(404).end();
  res
    .writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" })
    .end(`window.__thirdParty = (window.__thirdParty || []).concat(${JSON.stringify(name)});`);
});
await new Promise<void>((resolve) => thirdParty.listen(E2E_STAND_INS.thirdPartyPort, "127.0.0.1", resolve));
console.log("stand-ins ready");

const stop = async () => {
  await Promise.all([
    mail.close(),
    provider.close(),
    push.close(),
    new Promise((resolve) => control.close(resolve)),
    new Promise((resolve) => thirdParty.close(resolve)),
  ]);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
