// The benchmark's yardstick: a minimal Remix app with the same Remix version and future flags as
// Sharpside, and nothing else (no Tailwind, no database). Built into bench/results/ (git-ignored).
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [
    remix({
      appDirectory: "app",
      buildDirectory: "../results/baseline-build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
  build: { emptyOutDir: true },
  logLevel: "warn",
});
