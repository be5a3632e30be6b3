import type { Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import type { ChangeSignals } from "~/db/kept-until-changed.server";
import type { Logger } from "~/modules/logger.server";
import type { MailTransport } from "~/modules/mail/mail.server";
import type { AppBuild } from "~/web/service-worker.server";
import type { NotificationHub } from "~/modules/notifications/stream-hub.server";

/** What server.ts hands every loader and action (getLoadContext). */
declare module "@remix-run/node" {
  interface AppLoadContext {
    db: Database;
    env: Env;
    log: Logger;
    requestId: string;
    cspNonce: string;
    /** The caller's address as Express resolves it behind trusted proxies (rate-limit subject). */
    clientIp: string;
    /** Outgoing e-mail (SMTP, or the log without SMTP_URL); see sendMailSoon. */
    mail: MailTransport;
    /** This instance's notification streams (LISTEN/NOTIFY fan-out across instances). */
    notifications: NotificationHub;
    /** This instance's LISTEN for changes to data kept in process; without it nothing is kept. */
    changes?: ChangeSignals;
    /** The running build's id and app shell (the background worker, the update dialog). */
    appBuild: AppBuild;
    /** One object per HTTP request, shared by its loaders: what the request reads once (the viewer) is kept against it. */
    requestScope?: object;
  }
}

export {};
