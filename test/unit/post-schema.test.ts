import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod } from "~/modules/http/app-error";
import { postInputSchema, statusFor } from "~/modules/posts/post-schema";
import { buildPreview, isBodyNonEmpty, plainText } from "~/modules/posts/slate";

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });
const validPost = { postType: "Post", title: "Week 12 thoughts", body: [paragraph("Hello")], categoryId: 1, modalityIds: [1, 2] };
const validPick = { ...validPost, postType: "Pick", selection: "Lakers -4.5", odds: -110, units: 1.5, eventId: 3 };

function errorsOf(input: unknown) {
  const result = postInputSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

describe("isBodyNonEmpty (SPEC.md section 5)", () => {
  it.each([
    ["text", [paragraph("Hi")], true],
    ["nested text in a list", [{ type: "bulleted-list", children: [{ type: "list-item", children: [{ text: " x " }] }] }], true],
    ["an image with a url", [{ type: "image", url: "https://cdn.example/a.png", children: [{ text: "" }] }], true],
    ["an embed with a url", [{ type: "embed", url: "https://youtu.be/x", children: [{ text: "" }] }], true],
    ["an emoji", [{ type: "emoji", emoji: "🔥", children: [{ text: "" }] }], true],
    ["only spaces", [paragraph("   "), paragraph("")], false],
    ["an image without content", [{ type: "image", url: "", children: [{ text: "" }] }], false],
    ["no blocks", [], false],
    ["not an array", "text", false],
  ])("%s → %s", (_name, body, expected) => {
    expect(isBodyNonEmpty(body)).toBe(expected);
  });
});

describe("postInputSchema", () => {
  it("accepts a Post and derives visibility Free, dropping pick fields", () => {
    const result = postInputSchema.parse({ ...validPost, selection: "x", odds: 150, units: 2 });
    expect(result).toMatchObject({ postType: "Post", visibility: "Free", selection: null, odds: null, units: null, eventId: null, publishDate: null });
  });

  it("accepts a Pick and derives visibility Subscribers", () => {
    const result = postInputSchema.parse({ ...validPick, visibility: "Subscribers", publishDate: "2026-12-01T18:00:00Z" });
    expect(result).toMatchObject({ visibility: "Subscribers", selection: "Lakers -4.5", odds: -110, units: 1.5, eventId: 3 });
    expect(result.publishDate?.toISOString()).toBe("2026-12-01T18:00:00.000Z");
  });

  it("title: Required and at most 1000 characters", () => {
    expect(errorsOf({ ...validPost, title: "" }).title).toEqual(["Required"]);
    expect(errorsOf({ ...validPost, title: undefined }).title).toEqual(["Required"]);
    expect(errorsOf({ ...validPost, title: "x".repeat(1001) }).title).toEqual(["Must contain at most 1000 character(s)"]);
    expect(errorsOf({ ...validPost, title: "x".repeat(1000) }).title).toBeUndefined();
  });

  it("body: Required when empty by the SPEC's rule", () => {
    expect(errorsOf({ ...validPost, body: [paragraph("  ")] }).body).toEqual(["Required"]);
    expect(errorsOf({ ...validPost, body: undefined }).body).toEqual(["Required"]);
  });

  it("a contradicting visibility is an error on visibility", () => {
    expect(errorsOf({ ...validPost, visibility: "Subscribers" }).visibility).toEqual(["Visibility must be Free for a Post and Subscribers for a Pick"]);
    expect(errorsOf({ ...validPick, visibility: "Free" }).visibility).toEqual(["Visibility must be Free for a Post and Subscribers for a Pick"]);
  });

  it("postType, categoryId and modalityIds must be of the right kind", () => {
    expect(errorsOf({ ...validPost, postType: "Blog" }).postType).toBeDefined();
    expect(errorsOf({ ...validPost, categoryId: "1" }).categoryId).toEqual(["Invalid input"]);
    expect(errorsOf({ ...validPost, categoryId: undefined }).categoryId).toEqual(["Required"]);
    expect(errorsOf({ ...validPost, modalityIds: ["a"] })["modalityIds.0"]).toEqual(["Invalid input"]);
    expect(errorsOf({ ...validPost, eventId: "x" }).eventId).toEqual(["Invalid input"]);
  });

  it("pick fields: required for a Pick, in range", () => {
    const missing = errorsOf({ ...validPick, selection: undefined, odds: null, units: undefined });
    expect(missing).toMatchObject({ selection: ["Required"], odds: ["Required"], units: ["Required"] });
    expect(errorsOf({ ...validPick, selection: "x".repeat(201) }).selection).toEqual(["Must contain at most 200 character(s)"]);
    expect(errorsOf({ ...validPick, odds: -99 }).odds).toEqual(["Odds must be whole American odds: -100 or lower, or +100 or higher"]);
    expect(errorsOf({ ...validPick, odds: 150.5 }).odds).toEqual(["Invalid input"]);
    expect(errorsOf({ ...validPick, odds: 100 }).odds).toBeUndefined();
    expect(errorsOf({ ...validPick, units: 0 }).units).toBeDefined();
    expect(errorsOf({ ...validPick, units: 10.5 }).units).toBeDefined();
    expect(errorsOf({ ...validPick, units: 1.25 }).units).toBeDefined();
    expect(errorsOf({ ...validPick, units: 0.1 }).units).toBeUndefined();
  });

  it("coverImage: optional, at most 500 characters; empty means none", () => {
    expect(errorsOf({ ...validPost, coverImage: "x".repeat(501) }).coverImage).toEqual(["Must contain at most 500 character(s)"]);
    expect(postInputSchema.parse({ ...validPost, coverImage: "" }).coverImage).toBeNull();
  });

  it("publishDate must be an ISO date", () => {
    expect(errorsOf({ ...validPost, publishDate: "tomorrow" }).publishDate).toEqual(["Should be a valid date"]);
  });

  it("status: Draft without a publish date, else Published", () => {
    expect(statusFor(null)).toBe("Draft");
    expect(statusFor(new Date())).toBe("Published");
  });
});

describe("buildPreview (at most 300 characters and 5 blocks)", () => {
  it("keeps a short body whole", () => {
    const body = [paragraph("One."), paragraph("Two.")];
    expect(buildPreview(body)).toEqual({ preview: body, previewText: "One. Two." });
  });

  it("cuts at 300 characters across blocks", () => {
    const body = [paragraph("a".repeat(200)), paragraph("b".repeat(200)), paragraph("c".repeat(50))];
    const { preview, previewText } = buildPreview(body);
    expect(preview).toHaveLength(2);
    expect(preview.map(plainText).join("")).toHaveLength(300);
    expect(previewText).toBe(`${"a".repeat(200)} ${"b".repeat(100)}`);
  });

  it("keeps at most 5 blocks", () => {
    const body = Array.from({ length: 8 }, (_, index) => paragraph(`Block ${index}`));
    expect(buildPreview(body).preview).toHaveLength(5);
  });

  it("leaves out images and embeds and empty blocks, keeps nested lists", () => {
    const list = { type: "bulleted-list", children: [{ type: "list-item", children: [{ text: "first" }] }] };
    const body = [{ type: "image", url: "https://cdn.example/secret.png", children: [{ text: "" }] }, paragraph("  "), list, { type: "embed", url: "https://x.com/1", children: [{ text: "" }] }];
    const { preview, previewText } = buildPreview(body);
    expect(preview).toEqual([list]);
    expect(previewText).toBe("first");
    expect(JSON.stringify(preview)).not.toContain("secret.png");
  });

  it("an empty or malformed body gives an empty preview", () => {
    expect(buildPreview(null)).toEqual({ preview: [], previewText: "" });
  });
});
