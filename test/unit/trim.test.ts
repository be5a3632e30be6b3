import { describe, expect, it } from "vitest";
import { trimStrings } from "~/modules/http/trim";

describe("trimStrings (product.md 'Validation')", () => {
  it("trims strings recursively through objects and arrays", () => {
    expect(trimStrings({ a: "  x ", b: [" y", { c: "z  " }], n: 1, t: true, nil: null })).toEqual({
      a: "x",
      b: ["y", { c: "z" }],
      n: 1,
      t: true,
      nil: null,
    });
  });

  it("leaves strings alone inside an object with a non-empty text field (rich-text leaves)", () => {
    const body = [{ type: "paragraph ", children: [{ text: "  two spaces kept  ", bold: true, mark: " m " }] }];
    expect(trimStrings(body)).toEqual([
      { type: "paragraph", children: [{ text: "  two spaces kept  ", bold: true, mark: " m " }] },
    ]);
  });

  it("trims an object whose text field is empty", () => {
    expect(trimStrings({ text: "", other: " o " })).toEqual({ text: "", other: "o" });
  });

  it("keeps a __proto__ key as plain data", () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": " yes "}, "a": " b "}');
    const result = trimStrings(parsed) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result, "__proto__")?.value).toEqual({ polluted: "yes" });
  });
});
