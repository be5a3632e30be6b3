import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
const flagsOf = (command: string) => command.match(/--[\w-]+(=[^\s",]+)?/g) ?? [];

describe("the production server's Node flags (decision 051)", () => {
  it("are the same for `npm start` and the Docker image", () => {
    const start = JSON.parse(read("package.json")).scripts.start as string;
    const cmd = read("Dockerfile")
      .split("\n")
      .find((line) => line.startsWith("CMD ["))!;
    expect(flagsOf(start)).toContain("--max-semi-space-size=64");
    expect(flagsOf(cmd)).toEqual(flagsOf(start));
  });
});
