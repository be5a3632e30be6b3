/**
 * The server's route matcher as patched (patches/@remix-run+router+1.23.3.patch): the ranked
 * branches indexed by their first segment must answer as the published matcher does, whatever
 * the path's case, parameters, optional segments, splats or case-sensitive routes.
 */
import { createRequire } from "node:module";
import type { AgnosticRouteObject, matchRoutes as MatchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The CommonJS build: the one the server loads, and the one the patch changes.
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: typeof MatchRoutes };

const routes: AgnosticRouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "post", path: "posts/:postId" },
      { id: "post-edit", path: "posts/:postId/edit" },
      { id: "posts-new", path: "posts/new" },
      {
        id: "expert",
        path: "experts/:userName",
        children: [
          { id: "expert-index", index: true },
          { id: "expert-tab", path: ":tab" },
        ],
      },
      { id: "about", path: ":lang?/about" },
      { id: "exact", path: "Exact", caseSensitive: true },
      { id: "file", path: "sitemap.xml" },
      { id: "splat", path: "*" },
    ],
  },
];

const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id ?? null;

describe("the server's route matcher", () => {
  it.each([
    ["/", "home"],
    ["/posts/abc", "post"],
    ["/POSTS/abc", "post"],
    ["/posts/abc/", "post"],
    ["/posts/new", "posts-new"],
    ["/posts/abc/edit", "post-edit"],
    ["/posts", "splat"],
    ["/experts/kim", "expert-index"],
    ["/experts/kim/picks", "expert-tab"],
    ["/about", "about"],
    ["/fr/about", "about"],
    ["/Exact", "exact"],
    ["/exact", "splat"],
    ["/sitemap.xml", "file"],
    ["/SITEMAP.XML", "file"],
    ["/nowhere/at/all", "splat"],
    ["/caf%C3%A9", "splat"],
  ])("%s → %s", (path, id) => {
    expect(leaf(path)).toBe(id);
  });

  it("reads parameters and the splat from the path asked, not an earlier one", () => {
    expect(matchRoutes(routes, "/posts/one")?.at(-1)?.params).toEqual({ postId: "one" });
    expect(matchRoutes(routes, "/posts/two")?.at(-1)?.params).toEqual({ postId: "two" });
    expect(matchRoutes(routes, "/experts/kim/record")?.at(-1)?.params).toEqual({ userName: "kim", tab: "record" });
    expect(matchRoutes(routes, "/a/b")?.at(-1)?.params).toEqual({ "*": "a/b" });
  });

  it("matches nothing where no route could (no splat)", () => {
    const strict: AgnosticRouteObject[] = [{ id: "root", path: "", children: [{ id: "post", path: "posts/:id" }] }];
    expect(matchRoutes(strict, "/posts/1")?.at(-1)?.route.id).toBe("post");
    expect(matchRoutes(strict, "/elsewhere")).toBeNull();
    // The layout's own path is the root's.
    expect(matchRoutes(strict, "/")?.at(-1)?.route.id).toBe("root");
  });
});
