/**
 * The plain text of a post's body (previews, cards, search results, page descriptions): blocks and
 * list items stay apart, text and inline elements within a line do not.
 */
import { describe, expect, it } from "vitest";
import { buildPreview, plainText } from "~/modules/posts/slate";

const paragraph = (...children: object[]) => ({ type: "paragraph", children });
const item = (text: string) => ({ type: "list-item", children: [{ text }] });

describe("plainText", () => {
  it("puts a line break between list items, never running them into one word", () => {
    const list = { type: "bulleted-list", children: [item("Miami"), item("Pace: slower than the books think")] };
    expect(plainText(list)).toBe("Miami\nPace: slower than the books think");
  });

  it("keeps the blocks of a whole document, a quote's paragraphs and nested lists apart", () => {
    const body = [
      { type: "heading-one", children: [{ text: "Tonight" }] },
      { type: "block-quote", children: [paragraph({ text: "Sharp" }), paragraph({ text: "money" })] },
      {
        type: "numbered-list",
        children: [item("Celtics"), { type: "bulleted-list", children: [item("Tatum"), item("Brown")] }],
      },
      paragraph({ text: "End." }),
    ];
    expect(plainText(body)).toBe("Tonight\nSharp\nmoney\nCeltics\nTatum\nBrown\nEnd.");
  });

  it("joins marked text, links and emoji inside a line as they are", () => {
    const line = paragraph(
      { text: "Mia" },
      { text: "mi", bold: true },
      { type: "link", url: "/x", children: [{ text: " Heat" }] },
      { type: "emoji", emoji: "🔥", children: [{ text: "" }] },
      { text: " tonight" },
    );
    expect(plainText(line)).toBe("Miami Heat tonight");
  });

  it("answers an empty string for anything that is not a node", () => {
    expect(plainText(null)).toBe("");
    expect(plainText("text")).toBe("");
    expect(plainText([1, "two", null])).toBe("");
  });
});

describe("buildPreview's text (cards and search results)", () => {
  it("separates list items and blocks by a space", () => {
    const body = [
      paragraph({ text: "Three angles:" }),
      { type: "bulleted-list", children: [item("Miami"), item("Pace: slower"), item("Rest")] },
      { type: "heading-two", children: [{ text: "Verdict" }] },
    ];
    expect(buildPreview(body).previewText).toBe("Three angles: Miami Pace: slower Rest Verdict");
  });

  it("leaves out empty list items without doubling the spaces", () => {
    const body = [{ type: "numbered-list", children: [item("One"), item(""), item("  "), item("Two")] }];
    expect(buildPreview(body).previewText).toBe("One Two");
  });

  it("still cuts at 300 characters of text, a list's items counted by their own text", () => {
    const body = [{ type: "bulleted-list", children: [item("a".repeat(200)), item("b".repeat(200))] }];
    const { preview, previewText } = buildPreview(body);
    expect(plainText(preview)).toBe(`${"a".repeat(200)}\n${"b".repeat(100)}`);
    expect(previewText).toBe(`${"a".repeat(200)} ${"b".repeat(100)}`);
  });
});
