// Serves the baseline build the plain way: Express 4, static assets, Remix's request handler in
// production mode. No compression, security headers or logging: the bare stack's ceiling.
// Usage: PORT=4321 node bench/baseline/server.js
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.join(here, "../results/baseline-build");
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: "production" }));

const port = Number(process.env.PORT ?? 4321);
const server = app.listen(port, () => console.log(`baseline listening on http://localhost:${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
process.on("SIGINT", () => server.close(() => process.exit(0)));
