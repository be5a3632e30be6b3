import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { withMethodNotAllowed } from "../../server/method-not-allowed";

const loader = () => new Response("read");
const action = () => new Response("written");

const build = {
  routes: {
    root: { id: "root", path: "", module: { default: () => null, loader } },
    "routes/page": { id: "routes/page", parentId: "root", path: "page", module: { default: () => null, loader } },
    "routes/api.read": { id: "routes/api.read", parentId: "root", path: "api/read", module: { loader } },
    "routes/api.write": { id: "routes/api.write", parentId: "root", path: "api/write", module: { action } },
    "routes/both": { id: "routes/both", parentId: "root", path: "both", module: { loader, action } },
    "routes/feed-data": { id: "routes/feed-data", parentId: "root", path: "feed-data", module: { loader } },
  },
} as unknown as ServerBuild;

type Handler = (args: { request: Request }) => Response;
const handler = (guarded: ServerBuild, id: string, name: "loader" | "action") =>
  (guarded.routes[id]!.module as unknown as Record<string, Handler | undefined>)[name];

describe("withMethodNotAllowed", () => {
  const guarded = withMethodNotAllowed(build);

  it("gives a resource route without an action one answering 405 with Allow, in the API's shape under /api", async () => {
    const answer = handler(guarded, "routes/api.read", "action")!({
      request: new Request("http://x/api/read", { method: "PUT" }),
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("GET, HEAD");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ error: "Method not allowed.", statusCode: 405 });
    // The loader is the route's own.
    expect(handler(guarded, "routes/api.read", "loader")).toBe(loader);
  });

  it("answers plain text outside /api, and a GET to an action-only route with Allow: POST", async () => {
    const outside = handler(guarded, "routes/feed-data", "action")!({
      request: new Request("http://x/feed-data", { method: "DELETE" }),
    });
    expect([outside.status, outside.headers.get("Allow"), await outside.text()]).toEqual([
      405,
      "GET, HEAD",
      "Method Not Allowed",
    ]);
    const get = handler(guarded, "routes/api.write", "loader")!({ request: new Request("http://x/api/write") });
    expect([get.status, get.headers.get("Allow")]).toEqual([405, "POST"]);
  });

  it("leaves pages, the root and routes with both handlers as they are", () => {
    for (const id of ["root", "routes/page", "routes/both"]) expect(guarded.routes[id]).toBe(build.routes[id]);
    expect(handler(guarded, "routes/page", "action")).toBeUndefined();
  });
});
