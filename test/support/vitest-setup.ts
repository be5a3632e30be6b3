import { failOnConsoleError } from "./console-errors";

// Every vitest project: a console.error during a test fails it (see console-errors.ts).
failOnConsoleError();
