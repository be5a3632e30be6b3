// `npm start`: builds once when no build exists, then runs the production server, which
// migrates the database and seeds an empty embedded one before it listens.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const entry = new URL("../build/app-server.js", import.meta.url);
if (!existsSync(entry) || !existsSync(new URL("../build/server/index.js", import.meta.url))) {
  // The build's own listing (every file it wrote) is noise on a first start: shown only if it fails.
  console.log("Building the app once (npm run build)…");
  const started = Date.now();
  const result = spawnSync("npm", ["run", "build"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}
// No NODE_ENV: someone trying Sharpside on their own machine, so an empty embedded database gets
// the demo (whose accounts share a published password). A deployment says NODE_ENV=production
// and gets none unless it asks for it (SEED_DEMO_DATA).
if (process.env.NODE_ENV === undefined) process.env.SEED_DEMO_DATA ??= "auto";
process.env.NODE_ENV = "production";
await import(entry.href);
