import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import type { GetModuleInfo } from "rollup";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The browser modules the root route reaches through static imports: every page loads all of them,
 * so they travel as one chunk rather than as the twenty-odd small ones Rollup would cut them into
 * (each one a `modulepreload` link that every page's server render writes). Lazily loaded parts
 * (the editor, Stripe, dialogs) stay chunks of their own.
 */
function frameChunk(): (id: string, meta: { getModuleInfo: GetModuleInfo }) => string | undefined {
  let frame: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    if (frame === null) {
      frame = new Set();
      const pending = [rootModule];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (frame.has(next)) continue;
        frame.add(next);
        pending.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return frame.has(id) ? "frame" : undefined;
  };
}
const rootModule = new URL("./app/root.tsx", import.meta.url).pathname;

export default defineConfig(({ isSsrBuild }) => ({
  // Two dev servers on one machine would fight over the HMR port.
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // The dependency scanner follows imports into *.server.ts files too; argon2 is native, server-only,
  // and its browser build needs a package we do not install, which fails the whole pre-bundle.
  // Browser packages first reached through a lazily discovered route are pre-bundled up front, or
  // vite re-optimises mid-session and the page gets a second copy of React ("Invalid hook call").
  optimizeDeps: {
    exclude: ["@node-rs/argon2"],
    include: ["@stripe/stripe-js", "@stripe/react-stripe-js", "react-dropzone", "react-easy-crop"],
  },
  plugins: [
    tailwindcss(),
    remix({
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
  build: {
    target: "es2022",
    rollupOptions: {
      // A route whose module is all server code leaves an empty browser chunk: expected, not news.
      onwarn(warning, warn) {
        if (warning.code !== "EMPTY_BUNDLE") warn(warning);
      },
      output: isSsrBuild ? {} : { manualChunks: frameChunk() },
    },
  },
}));
