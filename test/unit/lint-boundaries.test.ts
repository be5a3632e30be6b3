import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { DOMAIN_USES } from "../../eslint.config.js";

// The import rules in eslint.config.js (routes → modules → db; components never import server
// values; modules never import routes or components; no import cycles), run on made-up files at real paths.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
});

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports");
}

describe("import boundaries", { timeout: 60_000 }, () => {
  it("fails a route that imports drizzle or the database", async () => {
    const code = [
      'import { eq } from "drizzle-orm";',
      'import { users } from "~/db/schema";',
      "export const probe = [eq, users];",
    ].join("\n");
    const errors = await boundaryErrors("app/routes/boundary-probe.tsx", code);
    expect(errors.map((error) => error.line)).toEqual([1, 2]);
  });

  it("fails a route that applies a rate limit itself (commands hold them)", async () => {
    const code = [
      'import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";',
      'import type { RateLimitRule } from "~/modules/rate-limit/rate-limit.server";',
      "export const probe = (rule: RateLimitRule) => [enforceRateLimit, rule];",
    ].join("\n");
    const errors = await boundaryErrors("app/routes/boundary-probe.ts", code);
    expect(errors.map((error) => error.line)).toEqual([1]);
  });

  it("lets a route import a module, and the database's types", async () => {
    const code = [
      'import type { Database } from "~/db/client.server";',
      'import { requireRoles } from "~/modules/accounts/gates.server";',
      "export const probe = (db: Database) => [db, requireRoles];",
    ].join("\n");
    expect(await boundaryErrors("app/routes/boundary-probe.tsx", code)).toEqual([]);
  });

  it("fails a component that imports a value from a server file or the database", async () => {
    const code = [
      'import { requireRoles } from "~/modules/accounts/gates.server";',
      'import { users } from "~/db/schema";',
      'import type { Viewer } from "~/modules/accounts/sessions.server";',
      'import { type PostCard } from "~/modules/posts/post-serializer.server";',
      "export const probe = (viewer: Viewer, card: PostCard) => [requireRoles, users, viewer, card];",
    ].join("\n");
    const errors = await boundaryErrors("app/components/posts/boundary-probe.tsx", code);
    expect(errors.map((error) => error.line)).toEqual([1, 2]);
  });

  it("fails a module that imports a route or a component, types included", async () => {
    const code = [
      'import type { loader } from "~/routes/feed";',
      'import { PostCard } from "~/components/posts/post-card";',
      'import type { Database } from "~/db/client.server";',
      "export const probe = (db: Database, l: typeof loader) => [PostCard, db, l];",
    ].join("\n");
    const errors = await boundaryErrors("app/modules/posts/boundary-probe.server.ts", code);
    expect(errors.map((error) => error.line)).toEqual([1, 2]);
  });

  it("fails a module or the database layer that imports a web adapter, and lets a route use one", async () => {
    const code = 'import { apiPayload } from "~/web/api.server";\nexport const probe = apiPayload;';
    for (const filePath of ["app/modules/posts/boundary-probe.server.ts", "app/db/boundary-probe.server.ts"])
      expect((await boundaryErrors(filePath, code)).map((error) => error.line)).toEqual([1]);
    expect(await boundaryErrors("app/routes/boundary-probe.ts", code)).toEqual([]);
  });

  it("lists every domain, and their uses run one way: no domain reaches itself through others", () => {
    const uses: Record<string, string[]> = DOMAIN_USES;
    const folders = readdirSync(new URL("../../app/modules", import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(uses).sort()).toEqual(folders.sort());
    // Depth-first: a domain met again while its own uses are still being walked closes a cycle.
    const state = new Map<string, "walking" | "done">();
    const cycles: string[] = [];
    const walk = (domain: string, path: string[]) => {
      if (state.get(domain) === "done") return;
      if (state.get(domain) === "walking") return void cycles.push([...path, domain].join(" → "));
      state.set(domain, "walking");
      for (const used of uses[domain] ?? []) walk(used, [...path, domain]);
      state.set(domain, "done");
    };
    for (const domain of Object.keys(uses)) walk(domain, []);
    expect(cycles).toEqual([]);
  });

  it("lets a domain use only the domains eslint.config.js lists for it, however the path is written", async () => {
    // access/ is the base of every paywall decision: it uses no other domain.
    const code = [
      'import { toPostDTO } from "~/modules/posts/post-serializer.server";',
      'import { listCategories } from "../reference/reference.server";',
      'import { logger } from "~/modules/logger.server";',
      "export const probe = [toPostDTO, listCategories, logger];",
    ].join("\n");
    const errors = await boundaryErrors("app/modules/access/boundary-probe.server.ts", code);
    expect(errors.map((error) => error.line)).toEqual([1, 2]);
    // posts/ may use access/ and record/.
    const allowed = [
      'import { canReadBody } from "~/modules/access/access";',
      'import { gradeLeg } from "~/modules/record/grading";',
      "export const probe = [canReadBody, gradeLeg];",
    ].join("\n");
    expect(await boundaryErrors("app/modules/posts/boundary-probe.server.ts", allowed)).toEqual([]);
  });

  it("fails the database layer importing a module", async () => {
    const code =
      'import { hashPassword } from "~/modules/accounts/passwords.server";\nexport const probe = hashPassword;';
    const errors = await boundaryErrors("app/db/boundary-probe.server.ts", code);
    expect(errors.map((error) => error.line)).toEqual([1]);
  });
});

describe("the demo seed", { timeout: 60_000 }, () => {
  it("may use the modules (it seeds through the app's own rules) but no route or component", async () => {
    const code = [
      'import { hashPassword } from "~/modules/accounts/passwords.server";',
      'import { PostCard } from "~/components/posts/post-card";',
      "export const probe = [hashPassword, PostCard];",
    ].join("\n");
    const errors = await boundaryErrors("app/demo/boundary-probe.server.ts", code);
    expect(errors.map((error) => error.line)).toEqual([2]);
  });
});

describe("the Express middleware", { timeout: 60_000 }, () => {
  it("fails app code that imports from server/, and lets server.ts's middleware import the app", async () => {
    const fromApp = 'import { PageCache } from "../../../server/page-cache";\nexport const probe = PageCache;';
    for (const filePath of [
      "app/modules/posts/boundary-probe.server.ts",
      "app/routes/boundary-probe.tsx",
      "app/entry-probe.ts",
    ])
      expect((await boundaryErrors(filePath, fromApp)).map((error) => error.line)).toEqual([1]);
    const fromServer = 'import { getEnv } from "~/config/env.server";\nexport const probe = getEnv;';
    expect(await boundaryErrors("server/boundary-probe.ts", fromServer)).toEqual([]);
  });
});

describe("file length", { timeout: 60_000 }, () => {
  it("fails an app file over 400 lines, and not one of 400", async () => {
    const lines = (count: number) =>
      Array.from({ length: count }, (_, i) => `export const line${i} = ${i};`).join("\n") + "\n";
    const lengthErrors = async (count: number) =>
      (await eslint.lintText(lines(count), { filePath: "app/modules/posts/length-probe.server.ts" }))[0].messages
        .filter((message) => message.ruleId === "max-lines")
        .map((message) => message.message);
    expect(await lengthErrors(400)).toEqual([]);
    expect(await lengthErrors(401)).toHaveLength(1);
  });
});

describe("import cycles", { timeout: 60_000 }, () => {
  const cycleErrors = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0].messages.filter((message) => message.ruleId === "import-x/no-cycle");

  it("fails a file that imports one which imports it back, a lazy chunk's parent included", async () => {
    // The header search fetches its overlay on demand: the overlay importing the header search closes a loop.
    const lazyChild = 'import { HeaderSearch } from "./header-search";\nexport const probe = HeaderSearch;';
    expect(await cycleErrors("app/components/search/search-overlay.tsx", lazyChild)).toHaveLength(1);
    // database-outage.server.ts is imported by api.server.ts.
    const plain = 'import { handleApi } from "./api.server";\nexport const probe = handleApi;';
    expect(await cycleErrors("app/web/database-outage.server.ts", plain)).toHaveLength(1);
  });

  it("lets both import a third file they share", async () => {
    const shared =
      'import { SEARCH_TRIGGER_CLASS } from "./search-combobox";\nexport const probe = SEARCH_TRIGGER_CLASS;';
    expect(await cycleErrors("app/components/search/search-overlay.tsx", shared)).toEqual([]);
  });
});
