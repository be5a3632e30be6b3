/**
 * A real SMTP server (smtp-server) that keeps what it receives, parsed with mailparser, plus a tiny
 * HTTP window onto it so a browser test in another process can read the messages.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface MailCatcher {
  smtpPort: number;
  httpPort: number;
  messages: CaughtMail[];
  close(): Promise<void>;
}

export async function startMailCatcher(options: { smtpPort?: number; httpPort?: number } = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address ?? ""));
          messages.push({
            to,
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.smtpPort ?? 0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  // GET /messages?to=address → the messages for that address, newest last.
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/messages") {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = to ? messages.filter((m) => m.to.some((address) => address.toLowerCase() === to)) : messages;
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => http.listen(options.httpPort ?? 0, "127.0.0.1", resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpPort,
    httpPort,
    messages,
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => http.close(() => resolve())),
      ]).then(() => undefined),
  };
}
