/**
 * `console.error` fails the test that logs it (a setup file of every vitest project installs the
 * check): React's act() and hydration warnings, a failed prop type, an error a component swallowed
 * and logged all print there, and a test that passes while printing them hides a bug. A test that
 * means to provoke an error log says so with `expectConsoleError`.
 */
import { afterAll, afterEach, expect } from "vitest";

// One instance per test file: the setup file and the test import this same module.
const state = {
  original: console.error,
  unexpected: [] as string[],
  expected: [] as { pattern: RegExp; seen: number }[],
};

const text = (args: unknown[]) =>
  args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" ");

function record(...args: unknown[]) {
  const message = text(args);
  const allowed = state.expected.find((entry) => entry.pattern.test(message));
  if (allowed) {
    allowed.seen += 1;
    return;
  }
  state.unexpected.push(message);
  state.original(...args);
}

/** Installs the check in the current test file (called once by the setup file). */
export function failOnConsoleError() {
  state.original = console.error;
  console.error = record;
  const check = () => {
    const logged = state.unexpected.splice(0);
    if (logged.length > 0)
      throw new Error(
        `console.error was called ${logged.length} time(s); fix the cause, or wrap the call in expectConsoleError:\n` +
          logged.map((message) => `  ${message.split("\n")[0]}`).join("\n"),
      );
  };
  afterEach(check);
  afterAll(check);
}

/** Runs `run`, which must log at least one error matching `pattern`; those logs are neither printed nor failed. */
export async function expectConsoleError<T>(pattern: RegExp, run: () => T | Promise<T>): Promise<T> {
  const entry = { pattern, seen: 0 };
  state.expected.push(entry);
  try {
    return await run();
  } finally {
    state.expected.splice(state.expected.indexOf(entry), 1);
    expect(entry.seen, `expected a console.error matching ${pattern}`).toBeGreaterThan(0);
  }
}
