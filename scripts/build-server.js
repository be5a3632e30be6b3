// Bundles server.ts (and the app modules it imports) into build/app-server.js; npm packages stay
// external, so production needs only `npm install --omit=dev` beside it.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/app-server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
