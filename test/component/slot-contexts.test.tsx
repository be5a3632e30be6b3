/**
 * A shared page's slot (decision 049) is rendered later with the context values its page's render
 * had: only those of SLOT_CONTEXTS. Each context the app creates must be among them, or be one no
 * slot content reads (named below with why), or a slot would render otherwise than the browser.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SLOT_CONTEXTS } from "~/components/layout/shared-slot";

/** Contexts no slot's content reads. */
const NOT_IN_SLOTS: Record<string, string> = {
  ImageUploadsContext: "the post editor's, never inside a list",
  SlotHostContext: "the server's hook for a shared render itself",
  SlotPartsContext: "provided by the slot's own render",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the contexts a slot's render is given", () => {
  const created = sourceFiles(path.resolve("app")).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/const (\w+) = createContext\b/g)].map((match) => ({
      file,
      name: match[1],
    })),
  );

  it("are found (the scan reads what it should)", () => {
    expect(created.map(({ name }) => name)).toEqual(expect.arrayContaining(["TimeZoneContext", "NonceContext"]));
  });

  it("include every context the app creates but those no slot reads", async () => {
    const missing: string[] = [];
    for (const { file, name } of created) {
      if (name in NOT_IN_SLOTS) continue;
      const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      if (!(name in module)) missing.push(`${name} (not exported from ${path.relative(".", file)})`);
      else if (!SLOT_CONTEXTS.includes(module[name] as never)) missing.push(name);
    }
    expect(missing).toEqual([]);
  });
});
