import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../support/console-errors";

// The other half, an unexpected console.error failing its test, is the setup file's afterEach.
describe("expectConsoleError", () => {
  it("takes the error logs it was told to expect", async () => {
    const answer = await expectConsoleError(/the disk is full/, () => {
      console.error(new Error("the disk is full"));
      return 42;
    });
    expect(answer).toBe(42);
  });

  it("fails when the expected error is never logged", async () => {
    await expect(expectConsoleError(/never/, () => undefined)).rejects.toThrow(/expected a console.error/);
  });
});
