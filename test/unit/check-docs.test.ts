import { describe, expect, it } from "vitest";
import {
  bannedReferences,
  docsProblems,
  DECISION_WORD_LIMIT,
  DOCS_WORD_LIMIT,
  wordCount,
} from "../../scripts/check-docs.js";

// The docs check `npm run lint` runs: word limits, and no text naming work items or outside files.
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("the docs check", () => {
  it("counts words as wc -w does", () => {
    expect(wordCount("  one two\nthree\t four  ")).toBe(4);
    expect(wordCount("")).toBe(0);
  });

  it("fails a decision over its limit and the docs over theirs, and passes them at their limits", () => {
    const decision = "docs/decisions/001-x.md";
    expect(docsProblems({ [decision]: words(DECISION_WORD_LIMIT) }, {}).problems).toEqual([]);
    expect(docsProblems({ [decision]: words(DECISION_WORD_LIMIT + 1) }, {}).problems).toEqual([
      `${decision}: ${DECISION_WORD_LIMIT + 1} words, a decision is at most ${DECISION_WORD_LIMIT}`,
    ]);
    // Other docs may be long; all of docs/ together may not.
    expect(docsProblems({ "docs/product.md": words(DOCS_WORD_LIMIT - 1) }, {}).problems).toEqual([]);
    const over = docsProblems({ "docs/product.md": words(DOCS_WORD_LIMIT - 10), "docs/b.md": words(10) }, {});
    expect(over.problems).toEqual([`docs/: ${DOCS_WORD_LIMIT} words in all, the limit is under ${DOCS_WORD_LIMIT}`]);
  });

  it("finds work items and outside specifications in code, tests and docs, by line", () => {
    const text = [
      "/** Comments (issue 5): one reply level. */",
      "// See Issues #12 and 13.",
      "it('does deliverable 3', () => {});",
      "// as the SPEC says; see SPEC.md",
      "// read ../shared/STACK.md",
      "// the spec's words",
    ].join("\n");
    expect(bannedReferences(text).map((hit: { line: number }) => hit.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(docsProblems({}, { "app/x.ts": text }).problems[0]).toMatch(/^app\/x\.ts:1: names a work item/);
  });

  it("leaves ordinary words and test file names alone", () => {
    const text = [
      'import { test } from "./support/test"; // posts.spec.ts, a11y.spec.ts',
      "// A special, specific case; issues of style; 10 issues",
      "// https://github.com/remix-run/remix/issues/10245",
    ].join("\n");
    expect(bannedReferences(text)).toEqual([]);
  });
});
