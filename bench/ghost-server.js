// Ghost 5.130.6 beside our app, for the benches that compare a post page with its (bench/ghost.js,
// bench/mix.js). Install it once outside the project as the top of bench/ghost.js says.
import { cpSync } from "node:fs";
import path from "node:path";
import { fail, sleep, startServer, tempDir, waitFor } from "./lib.js";

/** Starts Ghost from `ghostDir` on `port` (production, SQLite in a fresh content folder); answers its address once it answers. */
export async function startGhost(ghostDir, port) {
  const ghostBase = `http://localhost:${port}`;
  const content = tempDir("sharpside-bench-ghost-");
  cpSync(path.join(ghostDir, "content"), content, { recursive: true });
  startServer(
    "ghost",
    path.join(ghostDir, "index.js"),
    port,
    {
      url: ghostBase,
      server__host: "127.0.0.1",
      server__port: String(port),
      database__client: "sqlite3",
      database__connection__filename: path.join(content, "data/ghost-bench.db"),
      database__useNullAsDefault: "true",
      paths__contentPath: content,
      logging__level: "error",
      privacy__useUpdateCheck: "false",
      privacy__useGravatar: "false",
      // A new device's sign-in otherwise waits for a code sent by e-mail.
      security__staffDeviceVerification: "false",
    },
    [],
    // Ghost reads its own version from the folder it runs in (its themes are checked against it).
    ghostDir,
  );
  // Ghost migrates its fresh database before it answers.
  await waitFor(`${ghostBase}/ghost/api/admin/site/`, 300_000);
  return ghostBase;
}

/** Ghost's owner, signed in to its admin API, then 20 long posts published; answers the newest. */
export async function seedGhost(ghostBase, count) {
  const owner = { email: "owner@bench.example", password: "Tq7vX2pLm9Rz4wK8" };
  const admin = (url, init = {}) =>
    fetch(`${ghostBase}/ghost/api/admin${url}`, {
      ...init,
      headers: { "Content-Type": "application/json", Origin: ghostBase, ...init.headers },
    });
  const setup = await admin("/authentication/setup/", {
    method: "POST",
    body: JSON.stringify({ setup: [{ name: "Bench Owner", blogTitle: "Bench", ...owner }] }),
  });
  if (!setup.ok) await fail(`Ghost's setup answered ${setup.status}: ${await setup.text()}`);
  // Ghost answers before its last services have started; a sign-in made that early is not
  // recognised (seen here, for over 10 s at times): sign in again until the session reads the
  // owner back, for up to 30 s.
  let cookie = "";
  for (let attempt = 1; !cookie; attempt++) {
    const session = await admin("/session/", {
      method: "POST",
      body: JSON.stringify({ username: owner.email, password: owner.password }),
    });
    if (!session.ok) await fail(`Ghost's sign-in answered ${session.status}: ${await session.text()}`);
    const candidate = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await admin("/users/me/", { headers: { Cookie: candidate } });
    if (me.ok) cookie = candidate;
    else if (attempt === 30) await fail(`Ghost's session was not accepted (${me.status}): ${await me.text()}`);
    else await sleep(1_000);
  }
  let newest;
  for (let i = 1; i <= count; i++) {
    const title = `Bench long read ${i}`;
    const created = await admin("/posts/", {
      method: "POST",
      headers: { Cookie: cookie },
      body: JSON.stringify({ posts: [{ title, lexical: JSON.stringify(longRead(i)), status: "published" }] }),
    });
    if (!created.ok) await fail(`Ghost's post ${i} answered ${created.status}: ${await created.text()}`);
    const [post] = (await created.json()).posts;
    newest = { title, url: new URL(post.url, ghostBase).href };
  }
  return newest;
}

/** About 1,500 words: twelve headed sections of two paragraphs, in Ghost's editor format (Lexical). */
function longRead(n) {
  const sentence =
    "The number moved two full points after the injury report, and the market has not caught up with the rest-day edge";
  const text = (value) => ({
    type: "extended-text",
    text: value,
    detail: 0,
    format: 0,
    mode: "normal",
    style: "",
    version: 1,
  });
  const block = (type, value, extra = {}) => ({
    type,
    children: [text(value)],
    direction: "ltr",
    format: "",
    indent: 0,
    version: 1,
    ...extra,
  });
  const paragraph = (k) =>
    block("paragraph", Array.from({ length: 6 }, (_, s) => `${sentence} (${n}.${k}.${s}).`).join(" "));
  const children = Array.from({ length: 12 }, (_, k) => [
    block("extended-heading", `Part ${k + 1}`, { tag: "h2" }),
    paragraph(2 * k),
    paragraph(2 * k + 1),
  ]).flat();
  return { root: { type: "root", children, direction: "ltr", format: "", indent: 0, version: 1 } };
}
