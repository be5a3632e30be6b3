import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod } from "~/modules/http/app-error";
import { postInputSchema, statusFor } from "~/modules/posts/post-schema";
import { buildPreview, isBodyNonEmpty, plainText } from "~/modules/posts/slate";

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });
const validPost = {
  postType: "Post",
  title: "Week 12 thoughts",
  body: [paragraph("Hello")],
  categoryId: 1,
  modalityIds: [1, 2],
};
/** A spread on the home side of game 3: the server derives its selection, odds and event from the leg. */
const spreadLeg = { eventId: 3, market: "Spread", side: "Home", line: -4.5, odds: -110 };
const validPick = { ...validPost, postType: "Pick", market: "Spread", legs: [spreadLeg], units: 1.5 };
const withLeg = (leg: Record<string, unknown>, market = "Spread") => ({
  ...validPick,
  market,
  legs: [{ ...spreadLeg, ...leg }],
});

function errorsOf(input: unknown) {
  const result = postInputSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

describe("isBodyNonEmpty (product.md 'Validation')", () => {
  it.each([
    ["text", [paragraph("Hi")], true],
    [
      "nested text in a list",
      [{ type: "bulleted-list", children: [{ type: "list-item", children: [{ text: " x " }] }] }],
      true,
    ],
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
  it("accepts a Post and derives visibility Free, dropping pick fields; a Post may name its game", () => {
    const result = postInputSchema.parse({
      ...validPost,
      market: "Spread",
      legs: [spreadLeg],
      units: 2,
      selection: "x",
      odds: 150,
    });
    expect(result).toMatchObject({
      postType: "Post",
      visibility: "Free",
      market: null,
      legs: null,
      units: null,
      eventId: null,
      publishDate: null,
    });
    expect(result).not.toHaveProperty("selection");
    expect(result).not.toHaveProperty("odds");
    expect(postInputSchema.parse({ ...validPost, eventId: 3 }).eventId).toBe(3);
  });

  it("accepts a Pick and derives visibility Subscribers; its selection, odds and event are the server's to derive", () => {
    const result = postInputSchema.parse({
      ...validPick,
      visibility: "Subscribers",
      publishDate: "2026-12-01T18:00:00Z",
      eventId: 9,
      selection: "Anything",
      odds: 500,
    });
    expect(result).toMatchObject({
      visibility: "Subscribers",
      market: "Spread",
      legs: [{ eventId: 3, market: "Spread", side: "Home", line: -4.5, odds: -110, description: null }],
      units: 1.5,
      eventId: null,
    });
    expect(result).not.toHaveProperty("selection");
    expect(result).not.toHaveProperty("odds");
    expect(result.publishDate?.toISOString()).toBe("2026-12-01T18:00:00.000Z");
  });

  it("a leg keeps only what its market takes: no line on a moneyline, a description only on a prop", () => {
    const moneyline = postInputSchema.parse(
      withLeg({ market: "Moneyline", side: "Away", line: 3.5, description: "x", odds: 130 }, "Moneyline"),
    );
    expect(moneyline.legs).toEqual([
      { eventId: 3, market: "Moneyline", side: "Away", line: null, odds: 130, description: null },
    ]);
    const prop = postInputSchema.parse(
      withLeg({ market: "PlayerProp", side: "Over", line: 25.5, description: "  LeBron James points  " }, "PlayerProp"),
    );
    expect(prop.legs).toEqual([
      { eventId: 3, market: "PlayerProp", side: "Over", line: 25.5, odds: -110, description: "LeBron James points" },
    ]);
    const parlay = postInputSchema.parse({
      ...validPick,
      market: "Parlay",
      legs: [spreadLeg, { eventId: 4, market: "Total", side: "Under", line: 210.5, odds: -105 }],
    });
    expect(parlay.legs).toHaveLength(2);
  });

  it("title: Required and at most 1000 characters", () => {
    expect(errorsOf({ ...validPost, title: "" }).title).toEqual(["Required"]);
    expect(errorsOf({ ...validPost, title: undefined }).title).toEqual(["Required"]);
    expect(errorsOf({ ...validPost, title: "x".repeat(1001) }).title).toEqual([
      "Must contain at most 1000 character(s)",
    ]);
    expect(errorsOf({ ...validPost, title: "x".repeat(1000) }).title).toBeUndefined();
  });

  it("body: Required when empty by the product's rule", () => {
    expect(errorsOf({ ...validPost, body: [paragraph("  ")] }).body).toEqual(["Required"]);
    expect(errorsOf({ ...validPost, body: undefined }).body).toEqual(["Required"]);
  });

  it("a contradicting visibility is an error on visibility", () => {
    expect(errorsOf({ ...validPost, visibility: "Subscribers" }).visibility).toEqual([
      "Visibility must be Free for a Post and Subscribers for a Pick",
    ]);
    expect(errorsOf({ ...validPick, visibility: "Free" }).visibility).toEqual([
      "Visibility must be Free for a Post and Subscribers for a Pick",
    ]);
  });

  it("postType, categoryId and modalityIds must be of the right kind", () => {
    expect(errorsOf({ ...validPost, postType: "Blog" }).postType).toBeDefined();
    expect(errorsOf({ ...validPost, categoryId: "1" }).categoryId).toEqual(["Invalid input"]);
    expect(errorsOf({ ...validPost, categoryId: undefined }).categoryId).toEqual(["Required"]);
    expect(errorsOf({ ...validPost, modalityIds: ["a"] })["modalityIds.0"]).toEqual(["Invalid input"]);
    expect(errorsOf({ ...validPost, eventId: "x" }).eventId).toEqual(["Invalid input"]);
  });

  it("pick fields: market, legs and units required for a Pick; leg errors by leg and field; in range", () => {
    const missing = errorsOf({ ...validPick, market: undefined, legs: null, units: undefined });
    expect(missing).toEqual({ market: ["Required"], legs: ["Required"], units: ["Required"] });
    expect(errorsOf({ ...validPick, market: "Teaser" }).market).toEqual(["Invalid input"]);
    expect(errorsOf({ ...validPick, legs: "Lakers -4.5" }).legs).toEqual(["Invalid input"]);
    expect(errorsOf(withLeg({ odds: -99 }))["legs.0.odds"]).toEqual([
      "Odds must be whole American odds: -100 or lower, or +100 or higher",
    ]);
    expect(errorsOf(withLeg({ odds: 150.5 }))["legs.0.odds"]).toEqual(["Invalid input"]);
    expect(errorsOf(withLeg({ odds: undefined }))["legs.0.odds"]).toEqual(["Required"]);
    expect(errorsOf(withLeg({ odds: 100 }))).toEqual({});
    expect(errorsOf(withLeg({ eventId: "3" }))["legs.0.eventId"]).toEqual(["Invalid input"]);
    expect(errorsOf(withLeg({ side: undefined }))["legs.0.side"]).toEqual(["Required"]);
    expect(errorsOf(withLeg({ side: "Over" }))["legs.0.side"]).toEqual(["Choose a side this market takes"]);
    expect(errorsOf(withLeg({ line: undefined }))["legs.0.line"]).toEqual(["Required"]);
    expect(errorsOf(withLeg({ line: -4.25 }))["legs.0.line"]).toEqual(["Lines are whole or half points"]);
    expect(errorsOf(withLeg({ market: "Total", side: "Over", line: 0 }, "Total"))["legs.0.line"]).toEqual([
      "A total's line is above zero",
    ]);
    expect(
      errorsOf(withLeg({ market: "PlayerProp", side: null, line: null }, "PlayerProp"))["legs.0.description"],
    ).toEqual(["Describe the prop"]);
    expect(
      errorsOf(withLeg({ market: "TeamProp", side: "Over", line: 10.5, description: "x".repeat(201) }, "TeamProp"))[
        "legs.0.description"
      ],
    ).toEqual(["Must contain at most 200 character(s)"]);
    expect(errorsOf(withLeg({}, "Moneyline"))["legs.0.market"]).toEqual(["The leg's market must be the pick's market"]);
    expect(errorsOf({ ...validPick, legs: [spreadLeg, { ...spreadLeg, eventId: 4 }] }).legs).toEqual([
      "This market takes exactly one leg",
    ]);
    expect(errorsOf({ ...validPick, market: "Parlay" }).legs).toEqual(["A parlay has 2 to 10 legs"]);
    expect(errorsOf({ ...validPick, market: "Parlay", legs: [spreadLeg, spreadLeg] })["legs.1"]).toEqual([
      "A parlay's legs must be on different games",
    ]);
    // Two legs on one game, even different bets: correlated, refused.
    expect(
      errorsOf({
        ...validPick,
        market: "Parlay",
        legs: [spreadLeg, { ...spreadLeg, market: "Moneyline", line: null }],
      })["legs.1"],
    ).toEqual(["A parlay's legs must be on different games"]);
    // Combined odds: at most +10000, in decimal arithmetic whatever the legs.
    const longShot = (eventId: number) => ({ ...spreadLeg, eventId, odds: 100_000 });
    expect(errorsOf({ ...validPick, market: "Parlay", legs: [longShot(1), longShot(2), longShot(3)] }).legs).toEqual([
      "A parlay pays at most +10000 (100 to 1)",
    ]);
    expect(
      errorsOf({
        ...validPick,
        market: "Parlay",
        legs: [
          { ...spreadLeg, eventId: 1, odds: 1000 },
          { ...spreadLeg, eventId: 2, odds: 900 },
        ],
      }).legs,
    ).toEqual(["A parlay pays at most +10000 (100 to 1)"]);
    expect(
      errorsOf({
        ...validPick,
        market: "Parlay",
        legs: [
          { ...spreadLeg, eventId: 1, odds: 900 },
          { ...spreadLeg, eventId: 2, odds: 800 },
        ],
      }).legs,
    ).toBeUndefined();
    expect(errorsOf({ ...validPick, units: 0 }).units).toBeDefined();
    expect(errorsOf({ ...validPick, units: 10.5 }).units).toBeDefined();
    expect(errorsOf({ ...validPick, units: 1.25 }).units).toBeDefined();
    expect(errorsOf({ ...validPick, units: 0.1 }).units).toBeUndefined();
  });

  it("coverImage: optional, at most 500 characters; empty means none", () => {
    expect(errorsOf({ ...validPost, coverImage: "x".repeat(501) }).coverImage).toEqual([
      "Must contain at most 500 character(s)",
    ]);
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
    const body = [
      { type: "image", url: "https://cdn.example/secret.png", children: [{ text: "" }] },
      paragraph("  "),
      list,
      { type: "embed", url: "https://x.com/1", children: [{ text: "" }] },
    ];
    const { preview, previewText } = buildPreview(body);
    expect(preview).toEqual([list]);
    expect(previewText).toBe("first");
    expect(JSON.stringify(preview)).not.toContain("secret.png");
  });

  it("an empty or malformed body gives an empty preview", () => {
    expect(buildPreview(null)).toEqual({ preview: [], previewText: "" });
  });
});
