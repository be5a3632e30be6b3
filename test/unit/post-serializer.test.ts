import { describe, expect, it } from "vitest";
import { toPostDTO, type PostAccess, type PostRecord } from "~/modules/posts/post-serializer.server";

const created = new Date("2026-11-20T10:00:00Z");
/** The game: three hours after the pick was posted. */
const startsAt = new Date("2026-11-20T13:00:00Z");
const COMMITTED =
  "sharpside-pick-v1\npost: 00000000-0000-4000-8000-000000000001\nselection: Lakers -4.5\nsalt: SECRETSALT";
const record: PostRecord = {
  id: "00000000-0000-4000-8000-000000000001",
  authorId: "author",
  postType: "Pick",
  title: "Lakers cover",
  body: [{ type: "paragraph", children: [{ text: "SECRET analysis" }] }],
  preview: [{ type: "paragraph", children: [{ text: "Teaser" }] }],
  previewText: "Teaser",
  coverImage: null,
  visibility: "Subscribers",
  status: "Published",
  publishDate: created,
  categoryId: 2,
  eventId: 7,
  selection: "Lakers -4.5",
  odds: -110,
  units: 1,
  pickResult: null,
  gradedAt: null,
  market: "Spread",
  legs: [{ eventId: 7, market: "Spread", side: "Home", line: -4.5, odds: -110, description: null }],
  postedAt: created,
  withdrawnAt: null,
  commitment: "a".repeat(64),
  commitCanonical: COMMITTED,
  selfGraded: false,
  settledOdds: null,
  clv: null,
  resultCorrectedAt: null,
  resultCorrectionReason: null,
  announcedAt: null,
  likesCount: 3,
  commentsCount: 1,
  createdAt: created,
  updatedAt: created,
  category: { id: 2, name: "NBA" },
  event: {
    id: 7,
    categoryId: 2,
    categoryInfo: { id: 2, name: "NBA" },
    homeTeam: "Lakers",
    awayTeam: "Celtics",
    title: "Celtics at Lakers",
    startsAt: startsAt.toISOString(),
    status: "Scheduled",
    homeScore: null,
    awayScore: null,
  },
  modalities: [{ id: 1, name: "Moneyline" }],
  author: { id: "author", userName: "Sharp", firstName: "Casey", lastName: "Jones", avatar: "/avatars/Sharp.svg" },
};

const locked: PostAccess = { canReadBody: false, canReadPreview: true, isNotifyRequested: false, isLiked: false };
const readable: PostAccess = { ...locked, canReadBody: true };
/** An hour before the game, and an hour into it. */
const beforeStart = new Date(startsAt.getTime() - 3_600_000);
const afterStart = new Date(startsAt.getTime() + 3_600_000);

describe("toPostDTO", () => {
  it("locked: no body, no pending pick fields, the preview and the rest", () => {
    const dto = toPostDTO(
      record,
      { canReadBody: false, canReadPreview: true, isNotifyRequested: true, isLiked: true },
      beforeStart,
    );
    expect(dto).toMatchObject({
      body: null,
      isLocked: true,
      selection: null,
      odds: null,
      units: null,
      // The kind of bet labels it for everyone.
      market: "Spread",
      legs: null,
      preview: record.preview,
      previewText: "Teaser",
    });
    expect(dto).toMatchObject({
      categoryInfo: { id: 2, name: "NBA" },
      modality: [{ id: 1, name: "Moneyline" }],
      modalityIds: [1],
      metadata: { isNotifyRequested: true, isLiked: true },
    });
    expect(JSON.stringify(dto)).not.toContain("SECRET");
    expect(JSON.stringify(dto)).not.toContain("Lakers -4.5");
    expect(JSON.stringify(dto)).not.toContain("-110");
  });

  it("readable: the body and the pick fields", () => {
    const dto = toPostDTO(record, readable, beforeStart);
    expect(dto).toMatchObject({
      body: record.body,
      isLocked: false,
      selection: "Lakers -4.5",
      odds: -110,
      units: 1,
      market: "Spread",
      legs: record.legs,
    });
  });

  it("graded and locked: the record is public, the body is not", () => {
    const dto = toPostDTO({ ...record, pickResult: "Win", gradedAt: created, settledOdds: -110 }, locked, beforeStart);
    expect(dto).toMatchObject({
      body: null,
      isLocked: true,
      selection: "Lakers -4.5",
      odds: -110,
      units: 1,
      market: "Spread",
      legs: record.legs,
      pickResult: "Win",
      gradedAt: created.toISOString(),
    });
    expect(JSON.stringify(dto)).not.toContain("SECRET analysis");
  });

  it("locked, once the game has started: the bet is public, the body is not", () => {
    const before = toPostDTO(record, locked, beforeStart);
    // The kind of bet labels the pick for everyone; the bet itself waits for the start.
    expect(before).toMatchObject({ selection: null, odds: null, units: null, market: "Spread", legs: null });
    const dto = toPostDTO(record, locked, afterStart);
    expect(dto).toMatchObject({
      body: null,
      isLocked: true,
      pickResult: null,
      selection: "Lakers -4.5",
      odds: -110,
      units: 1,
      market: "Spread",
      legs: record.legs,
    });
    expect(JSON.stringify(dto)).not.toContain("SECRET analysis");
    // The very moment of the start counts as started.
    expect(toPostDTO(record, locked, startsAt).selection).toBe("Lakers -4.5");
  });

  it("the commitment is public from posting; the committed text only once the game has started, whoever reads", () => {
    for (const access of [locked, readable]) {
      const before = toPostDTO(record, access, beforeStart);
      expect(before).toMatchObject({
        commitment: "a".repeat(64),
        committedText: null,
        postedAt: created.toISOString(),
        postedMinutesBeforeStart: 180,
      });
      expect(JSON.stringify(before)).not.toContain("SECRETSALT");
      // Graded (a Void before the start, say) changes nothing: the text waits for the start.
      expect(
        toPostDTO({ ...record, pickResult: "Void", gradedAt: beforeStart }, access, beforeStart).committedText,
      ).toBeNull();
      expect(toPostDTO(record, access, afterStart)).toMatchObject({
        commitment: "a".repeat(64),
        committedText: COMMITTED,
      });
    }
  });

  it("someone else's scheduled post: a teaser without body or preview", () => {
    const dto = toPostDTO(
      { ...record, postType: "Post", visibility: "Free" },
      { canReadBody: false, canReadPreview: false, isNotifyRequested: true, isLiked: false },
      beforeStart,
    );
    expect(dto).toMatchObject({
      title: "Lakers cover",
      body: null,
      isLocked: true,
      preview: [],
      previewText: "",
      metadata: { isNotifyRequested: true },
    });
    expect(JSON.stringify(dto)).not.toContain("Teaser");
  });
});
