/**
 * The background worker's script and the build it is written for (decision 025). Its
 * behaviour in a browser (shell cache, offline page, build-id check) is test/e2e/app-updates.spec.ts.
 */
import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { appBuildFrom, serviceWorkerResponse, serviceWorkerScript } from "~/web/service-worker.server";
import * as serviceWorkerRoute from "~/routes/sw[.]js";
import { makeLoadContext } from "../support/context";

const assets = {
  version: "a1b2c3",
  url: "/assets/manifest-a1b2c3.js",
  entry: { module: "/assets/entry.client-X.js", imports: ["/assets/components-Y.js", "/assets/index-Z.js"] },
  routes: {
    root: {
      id: "root",
      path: "",
      module: "/assets/root-R.js",
      imports: ["/assets/components-Y.js", "/assets/sonner-S.js"],
      css: ["/assets/root-C.css"],
      hasAction: false,
      hasLoader: true,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: true,
    },
  },
};

describe("the background worker", () => {
  it("caches the entry, the root route's scripts and styles and the icons, each once, under the build's manifest version", () => {
    const build = appBuildFrom({ assets } as never);
    expect(build.id).toBe("a1b2c3");
    expect(build.shell).toEqual([
      "/assets/entry.client-X.js",
      "/assets/components-Y.js",
      "/assets/index-Z.js",
      "/assets/root-R.js",
      "/assets/sonner-S.js",
      "/assets/root-C.css",
      "/manifest.webmanifest",
      "/favicon.svg",
      "/favicon.ico",
      "/icons/icon-192.png",
    ]);
  });

  it("takes BUILD_ID, when a deployment names its build, over the manifest version", () => {
    expect(appBuildFrom({ assets } as never, "commit-9f8e7d").id).toBe("commit-9f8e7d");
  });

  it("is a valid script that carries the build id and shell as data, whatever they contain", () => {
    const hostile = { id: `x"; self.evil = 1; "`, shell: ["/assets/a.js"] };
    const script = serviceWorkerScript(hostile, "Sharpside");
    expect(() => new Script(script)).not.toThrow();
    expect(script).toContain(`const BUILD_ID = ${JSON.stringify(hostile.id)};`);
    expect(script).toContain(`const SHELL = ["/assets/a.js"];`);
  });

  it("words its offline page as the product's error catalogue, with the app's name escaped", () => {
    const script = serviceWorkerScript({ id: "b", shell: [] }, `<Sharp & "side">`);
    const offlinePage = JSON.parse(/const OFFLINE_PAGE = (".*");/.exec(script)![1]) as string;
    expect(offlinePage).toContain("<h1>It looks like you offline</h1>");
    expect(offlinePage).toContain("<title>Offline | &#60;SHARP &#38; &#34;SIDE&#34;&#62;</title>");
  });

  it("is served at /sw.js as JavaScript the browser revalidates on every update check", async () => {
    const context = makeLoadContext(null as never);
    const response = (await serviceWorkerRoute.loader({
      request: new Request("http://localhost/sw.js"),
      params: {},
      context,
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const text = await response.text();
    expect(text).toContain(`const BUILD_ID = "test-build";`);
    expect(text).toBe(await serviceWorkerResponse(context.appBuild, context.env.APP_NAME).text());
  });
});
