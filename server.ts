/**
 * The HTTP server: Express in front of Remix. Vite's middleware in development, the built app in
 * production. Opens the database ONCE, migrates it (one instance at a time), seeds an empty
 * embedded database, and hands the database to every loader and action through the load context.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { demoDataEnabled, EnvError, getEnv } from "./app/config/env.server";
import { REFRESH_COOKIE, renewForPage } from "./app/modules/accounts/sessions.server";
import { ReadMarkers } from "./app/modules/subscriptions/read-markers.server";
import { flushPostViews } from "./app/modules/posts/post-views.server";
import { migrateDatabase, openDatabase } from "./app/db/client.server";
import { listenForChanges } from "./app/db/kept-until-changed.server";
import { demoWelcome, seedDemoDataIfEmpty } from "./app/demo/seed.server";
import { getStorage } from "./app/modules/uploads/storage.server";
import { LOCAL_UPLOAD_PATH } from "./app/modules/uploads/local-storage.server";
import { ADMIN_GRANT_WORDS, grantAdmins } from "./app/modules/accounts/admins.server";
import { apiError } from "./app/web/api.server";
import { API_MESSAGES } from "./app/modules/http/error-messages";
import {
  isRefusedRequest,
  limitRequestBodies,
  MAX_REQUEST_BYTES,
  MAX_URL_LENGTH,
  sendResponse,
} from "./server/body-limit";
import {
  databaseUnavailableResponse,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
  withDatabaseOutageGuard,
} from "./app/web/database-outage.server";
import { coalesceFlushes, compressionExceptEventStreams } from "./server/compression";
import expressStaticGzip from "express-static-gzip";
import { answerMethodsNoRouteTakes, withMethodNotAllowed } from "./server/method-not-allowed";
import { PageCache } from "./server/page-cache";
import { privateAnswersToSessions } from "./server/private-answers";
import { requestLogger } from "./server/request-log";
import { trustedProxies } from "./server/trusted-proxies";
import {
  isApiRequest,
  isEventStreamRequest,
  newCspNonce,
  securityHeaderOptions,
  securityHeaders,
} from "./server/security-headers";
import { isAllowedOrigin, isSafeMethod, originHostMismatch, remixChecksOrigin } from "./server/origin";
import { pino } from "pino";
import { createLogger } from "./app/modules/logger.server";
import { createMailTransport } from "./app/modules/mail/mail.server";
import { periodicJobs } from "./app/modules/jobs/periodic-jobs.server";
import { startScheduler } from "./app/modules/jobs/scheduler.server";
import { startNotificationHub } from "./app/modules/notifications/stream-hub.server";
import { appBuildFrom, DEVELOPMENT_BUILD } from "./app/web/service-worker.server";

let env: ReturnType<typeof getEnv>;
try {
  env = getEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const isProduction = env.NODE_ENV === "production";
/** Longer than a load balancer's usual idle timeout (60 s) and a client's own. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
// The log's stream, kept: the first start's welcome is written through it, after the lines before it
// (pino writes asynchronously; a direct write to stdout could overtake a log line still in flight).
const logStream = pino.destination({ dest: 1, sync: false });
const logger = createLogger(env.LOG_LEVEL, logStream);
const here = path.dirname(fileURLToPath(import.meta.url));

const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
await migrateDatabase(database, env.DATABASE_MIGRATION_URL ?? env.DATABASE_URL, {
  grantToAppRole: Boolean(env.DATABASE_MIGRATION_URL),
  withdrawGraceMinutes: env.PICK_WITHDRAW_MINUTES,
});
if (demoDataEnabled(env)) {
  const seeded = await seedDemoDataIfEmpty(database.db, new Date(), { storage: getStorage(env) });
  if (seeded) logger.info(seeded, "seeded demo data into the empty database");
}
// The deployment's admins: existing, confirmed accounts only (no account is an admin by default).
for (const grant of await grantAdmins(database.db, env.ADMIN_EMAILS)) {
  logger[grant.outcome === "granted" || grant.outcome === "already" ? "info" : "warn"](
    { email: grant.email },
    `ADMIN_EMAILS: ${grant.email} ${ADMIN_GRANT_WORDS[grant.outcome]}`,
  );
}
// E-mail goes through the database outbox; a periodic job retries what could not be sent at once.
const mail = createMailTransport(env, logger);
// The periodic jobs (the outbox, publishing, renewals, the record's rollover, pruning, sports data).
const jobs = startScheduler(periodicJobs({ db: database.db, env, logger, mail }), logger);
// Notification streams: one LISTEN for this instance, fed by every instance's commits.
const notificationHub = await startNotificationHub(database, logger);
// Data the same for every reader is kept in process until a trigger announces its change.
const changes = await listenForChanges(database);

const vite = isProduction
  ? undefined
  : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" }));

const app = express();
app.disable("x-powered-by");
// Behind a load balancer on a private network: believe X-Forwarded-* from it, no one else.
app.set("trust proxy", trustedProxies());
// Remix reads the query from the URL itself: Express need not parse it (qs) on every request.
app.set("query parser", false);

app.use(requestLogger(logger, { ignore: (url) => url.startsWith("/assets/") || url.startsWith("/@") }));
// Whatever answers a session (or sets one), from here on, leaves as `private, no-store` unless it
// is the same for everyone (the module says which): no shared cache keeps one reader's answer.
app.use(privateAnswersToSessions());
app.use(answerMethodsNoRouteTakes());

// A fresh nonce per page: only scripts we rendered ourselves may run (an event stream and the JSON
// API render none: their empty nonce would let none run).
app.use((req, res, next) => {
  res.locals.cspNonce = isEventStreamRequest(req) || isApiRequest(req) ? "" : newCspNonce();
  next();
});
app.use(securityHeaders(securityHeaderOptions(env, { production: isProduction })));

// An address longer than any of ours is refused before anything reads it (the API's shape under /api).
app.use((req, res, next) => {
  if (req.originalUrl.length <= MAX_URL_LENGTH) return next();
  if (isApiRequest(req)) return sendResponse(res, apiError(414, { error: API_MESSAGES[414] }));
  res.status(414).type("text").send("URI Too Long");
});
// Every body is counted as it arrives, chunked ones too; past its limit the answer is 413 (the API's
// shape under /api); what still arrives is read into nothing for a moment, then the connection closes.
// Before anything that could read a body.
app.use(
  limitRequestBodies({
    // The local storage's upload route takes a video, up to MAX_VIDEO_BYTES (its own check is exact).
    maxBytes: (req) =>
      req.path === LOCAL_UPLOAD_PATH ? Math.max(MAX_REQUEST_BYTES, env.MAX_VIDEO_BYTES + 1_000_000) : MAX_REQUEST_BYTES,
    refusal: (req) =>
      isApiRequest(req)
        ? apiError(413)
        : new Response("Request too large", { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8" } }),
  }),
);

app.use(compressionExceptEventStreams());
app.use(coalesceFlushes);

if (vite) {
  app.use(vite.middlewares);
} else {
  const client = path.join(here, "client");
  // Hashed file names never change content: cache them for a year. Each is sent as the build's
  // brotli or gzip copy when the browser takes one (scripts/precompress-assets.js).
  app.use(
    "/assets",
    expressStaticGzip(path.join(client, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    }),
  );
  const publicFiles = express.static(client, { maxAge: "1h", index: false });
  // Every public file's name has an extension; pages, API calls, the image proxy and Remix's
  // data requests never name a file: skip the file-system lookup (a stat) for them.
  app.use((req, res, next) => {
    const lastSegment = req.path.slice(req.path.lastIndexOf("/") + 1);
    return !lastSegment.includes(".") || req.path.startsWith("/api/") || req.path.endsWith(".data")
      ? next()
      : publicFiles(req, res, next);
  });
}

app.use((req, res, next) => {
  // Remix compares the Origin of page actions and of every `.data` request but a GET (a HEAD, a
  // preflight) and throws, a 500, when it names another host: the server answers 403 first.
  const remixChecks = !isApiRequest(req) && remixChecksOrigin(req.method, req.path);
  // Safe methods pass without the request's origin: req.protocol parses the peer's address
  // against "trust proxy", a cost every page view and API read would pay for nothing.
  if (isSafeMethod(req.method) && !remixChecks) return next();
  const allowed = isAllowedOrigin({
    method: req.method,
    origin: req.headers.origin,
    secFetchSite: req.headers["sec-fetch-site"] as string | undefined,
    requestOrigin: `${req.protocol}://${req.get("host")}`,
    appUrl: env.APP_URL,
  });
  // A page action Remix itself would refuse (Origin's host against X-Forwarded-Host or Host) is a
  // 403 here, not the 500 Remix's throw would be.
  const remixRefuses =
    remixChecks &&
    originHostMismatch({
      origin: req.headers.origin,
      host: req.headers.host,
      forwardedHost: req.get("x-forwarded-host"),
    });
  if (allowed && !remixRefuses) return next();
  req.log.warn({ origin: req.headers.origin }, "blocked a cross-origin unsafe request");
  if (isApiRequest(req)) return sendResponse(res, apiError(403));
  res.status(403).type("text").send("Forbidden");
});

// A page request with an expired access cookie but a live refresh token is renewed here, before
// the page renders, so a signed-in user never sees a signed-out page. The API answers 401 instead.
app.use((req, res, next) => {
  // Images (the proxy, generated avatars) never depend on the session: no renewal for them.
  if (
    req.path.startsWith("/api/") ||
    req.path === "/img" ||
    req.path.startsWith("/avatars/") ||
    !req.headers.cookie?.includes(REFRESH_COOKIE)
  )
    return next();
  renewForPage(database.db, env, req.headers.cookie ?? null)
    .then((renewed) => {
      if (renewed) {
        res.append("Set-Cookie", renewed.setCookies);
        req.headers.cookie = renewed.cookieHeader;
      }
      next();
    })
    .catch(next);
});
// Opening an expert's page or a post moves the reader's new-post marker: noted here, written a
// moment later with the other openings in one statement (no GET waits on a write).
const readMarkers = new ReadMarkers(database.db, env.SESSION_SECRET, (error) =>
  logger.warn({ err: error }, "could not move read markers"),
);
app.use(readMarkers.middleware());

// Signed-out visitors get a page rendered at most PAGE_CACHE_SECONDS ago (see the module).
if (isProduction) {
  const pageCache = new PageCache({ ttlMs: env.PAGE_CACHE_SECONDS * 1000 });
  app.use(pageCache.middleware((res) => res.locals.cspNonce as string));
}

const serverBuild = vite
  ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(pathToFileURL(path.join(here, "server/index.js")).href)) as ServerBuild);
const appBuild = typeof serverBuild === "function" ? DEVELOPMENT_BUILD : appBuildFrom(serverBuild, env.BUILD_ID);
// A database outage answers 503 from every loader and action, never 500 (database-outage.server.ts);
// a resource route asked with a method it has no handler for, 405 with Allow (server/method-not-allowed.ts).
const guardBuild = (built: ServerBuild) => withDatabaseOutageGuard(withMethodNotAllowed(built));
const build = typeof serverBuild === "function" ? () => serverBuild().then(guardBuild) : guardBuild(serverBuild);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: isProduction ? "production" : "development",
    getLoadContext: (req, res) => ({
      db: database.db,
      env,
      // A child logger only for the requests that log something.
      get log() {
        return req.log;
      },
      requestId: String(req.id),
      cspNonce: res.locals.cspNonce as string,
      // Express resolves it through "trust proxy": a spoofed X-Forwarded-For from the internet is
      // ignored. Only rate-limited calls read it: parsing the address chain costs every other request.
      get clientIp() {
        return req.ip ?? req.socket.remoteAddress ?? "unknown";
      },
      mail,
      notifications: notificationHub,
      changes,
      appBuild,
      requestScope: res,
    }),
  }),
);

// What fails before Remix (the page-cookie renewal) while the database is down: 503, not Express's 500.
app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
  // A body cut off at 10 MB was answered 413 already: the route's late answer (or failure) goes nowhere.
  if (isRefusedRequest(res)) return;
  if (!isDatabaseUnavailable(error) || res.headersSent) return next(error);
  logDatabaseUnavailable(req.log, error);
  const response = databaseUnavailableResponse();
  if (isApiRequest(req)) return sendResponse(res, response);
  res.status(503).set(Object.fromEntries(response.headers));
  res.type("text").send("Error\nInternal Server Error");
});

const server = app.listen(env.PORT, () => {
  logger.info(
    { url: env.APP_URL, port: env.PORT, database: database.kind, mode: isProduction ? "production" : "development" },
    `${env.APP_NAME} is listening`,
  );
  // Someone trying it out: the address and the demo's sign-ins, in words, last.
  if (demoDataEnabled(env)) logStream.write(`${demoWelcome(env.APP_URL)}\n`);
});
// An idle keep-alive connection is closed by its client (a load balancer, a browser), not by us:
// Node's 5 s default closes it while a client may be sending on it, and that request is reset
// (decision 053). The headers' timeout must exceed it.
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;

// Graceful shutdown: stop accepting, let requests in flight finish, then close the database.
let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => {
    logger.warn("requests still open after 10 s; exiting anyway");
    process.exit(1);
  }, 10_000);
  force.unref();
  // No job starts from now on; the runs under way are awaited before the database closes.
  const jobsStopped = jobs.stop().catch(() => {});
  // Open notification streams never end by themselves: end them so the server can close.
  await notificationHub.close().catch(() => {});
  await changes.close();
  server.close(async () => {
    await vite?.close();
    // Jobs under way (a delivery writing to the outbox, say) finish before the database closes.
    await jobsStopped;
    await readMarkers.flush();
    await flushPostViews(database.db);
    await mail.close().catch(() => {});
    await database.close().catch(() => {});
    clearTimeout(force);
    process.exit(0);
  });
  server.closeIdleConnections();
}
// Vite's dev server installs its own SIGTERM exit, which would skip closing the database.
process.removeAllListeners("SIGTERM");
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
