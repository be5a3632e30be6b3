import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md lists every command by module; this keeps the list and the code the same,
// and every command reachable: a command no route runs is dead code or a forgotten door.
const root = new URL("../..", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), "utf8");

function tableCommands(): Map<string, string[]> {
  const doc = read("docs/architecture.md");
  const section = doc.slice(doc.indexOf("## Commands"), doc.indexOf("\n## ", doc.indexOf("## Commands") + 1));
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const match = /^\| `([a-z-]+)\/` \| ([^|]+) \|/.exec(line);
    if (match)
      rows.set(
        match[1],
        match[2].split(",").map((name) => `${name.trim()}Command`),
      );
  }
  return rows;
}

function codeCommands(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const domain of readdirSync(join(root, "app/modules"))) {
    let source: string;
    try {
      source = read(`app/modules/${domain}/commands.server.ts`);
    } catch {
      continue;
    }
    found.set(
      domain,
      [...source.matchAll(/export const (\w+Command) = defineCommand/g)].map((match) => match[1]),
    );
  }
  return found;
}

describe("the commands table in docs/architecture.md", () => {
  it("lists exactly the commands each module declares", () => {
    const table = tableCommands();
    expect(table.size).toBeGreaterThan(5);
    const code = codeCommands();
    expect(Object.fromEntries([...table].map(([domain, names]) => [domain, [...names].sort()]))).toEqual(
      Object.fromEntries([...code].map(([domain, names]) => [domain, [...names].sort()])),
    );
  });

  it("names no command that no route runs", () => {
    const routes = readdirSync(join(root, "app/routes")).map((file) => read(`app/routes/${file}`));
    const unused = [...codeCommands()]
      .flatMap(([, names]) => names)
      .filter((name) => !routes.some((source) => new RegExp(`\\b${name}\\b`).test(source)));
    expect(unused).toEqual([]);
  });
});
