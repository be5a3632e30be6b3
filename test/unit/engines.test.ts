/**
 * The Node.js the project says it runs on is the one its dependencies accept: every
 * installed package's `engines.node` takes the oldest version package.json allows, and this test
 * runs on a version package.json allows.
 */
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8"));

describe("package.json engines", () => {
  it("agrees with every installed dependency's and with the Node.js running the tests", () => {
    const supported: string = read("package.json").engines.node;
    const oldest = semver.minVersion(supported)!.version;
    expect(semver.satisfies(process.version, supported), `${process.version} against ${supported}`).toBe(true);
    const packages = read("package-lock.json").packages as Record<
      string,
      { engines?: { node?: string } | string[]; optional?: boolean }
    >;
    const refusing = Object.entries(packages)
      .filter(
        ([name, info]) =>
          name !== "" &&
          !info.optional &&
          typeof info.engines === "object" &&
          !Array.isArray(info.engines) &&
          info.engines.node,
      )
      .filter(([, info]) => !semver.satisfies(oldest, (info.engines as { node: string }).node))
      .map(
        ([name, info]) =>
          `${name.replace(/^.*node_modules\//, "")} wants node ${(info.engines as { node: string }).node}`,
      );
    expect(refusing, `packages that refuse Node ${oldest}, the oldest package.json allows`).toEqual([]);
  });
});
