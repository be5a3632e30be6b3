/**
 * A throw-away PostgreSQL cluster of the hardening run's own (the shared server on 5432 is never
 * restarted): initdb in a temp folder, trust auth, a free port, started and stopped with pg_ctl.
 * As root the binaries run as the `postgres` OS user (initdb refuses root).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const BIN = process.env.HARDENING_PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface Cluster {
  adminUrl: string;
  port: number;
  start(): void;
  /** `-m fast`: the server ends every connection (57P01 admin_shutdown) and stops. */
  stop(): void;
  destroy(): void;
}

export async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(null));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(port)));
    });
  for (let port = preferred; port < preferred + 100; port++) if (await tryPort(port)) return port;
  throw new Error(`no free port from ${preferred}`);
}

export async function startCluster(preferredPort = 55432): Promise<Cluster> {
  if (!existsSync(path.join(BIN, "initdb")))
    throw new Error(`no PostgreSQL binaries in ${BIN} (set HARDENING_PG_BIN or HARDENING_DATABASE_URL)`);
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "sharpside-hardening-pg-"));
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = isRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(BIN, command), ...args]]
      : [path.join(BIN, command), args];
    const result = spawnSync(file, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  };
  const port = await freePort(preferredPort);
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
  start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    destroy() {
      spawnSync(
        isRoot ? "runuser" : path.join(BIN, "pg_ctl"),
        isRoot
          ? ["-u", "postgres", "--", path.join(BIN, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]
          : ["-D", data, "-m", "immediate", "stop"],
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
