import { describe, expect, it } from "vitest";
import { toPostDTO, type PostRecord } from "~/modules/posts/post-serializer.server";

const created = new Date("2026-11-20T10:00:00Z");
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
  eventId: null,
  selection: "Lakers -4.5",
  odds: -110,
  units: 1,
  pickResult: null,
  gradedAt: null,
  announcedAt: null,
  likesCount: 3,
  commentsCount: 1,
  createdAt: created,
  updatedAt: created,
  category: { id: 2, name: "NBA" },
  event: null,
  modalities: [{ id: 1, name: "Moneyline" }],
  author: { id: "author", userName: "Sharp", firstName: "Casey", lastName: "Jones", avatar: "/avatars/Sharp.svg" },
};

describe("toPostDTO", () => {
  it("locked: no body, no pending pick fields, the preview and the rest", () => {
    const dto = toPostDTO(record, { canReadBody: false, canReadPreview: true, isNotifyRequested: true, isLiked: true });
    expect(dto).toMatchObject({ body: null, isLocked: true, selection: null, odds: null, units: null, preview: record.preview, previewText: "Teaser" });
    expect(dto).toMatchObject({ categoryInfo: { id: 2, name: "NBA" }, modality: [{ id: 1, name: "Moneyline" }], modalityIds: [1], metadata: { isNotifyRequested: true, isLiked: true } });
    expect(JSON.stringify(dto)).not.toContain("SECRET");
  });

  it("readable: the body and the pick fields", () => {
    const dto = toPostDTO(record, { canReadBody: true, canReadPreview: true, isNotifyRequested: false, isLiked: false });
    expect(dto).toMatchObject({ body: record.body, isLocked: false, selection: "Lakers -4.5", odds: -110, units: 1 });
  });

  it("graded and locked: the record is public, the body is not", () => {
    const dto = toPostDTO({ ...record, pickResult: "Win", gradedAt: created }, { canReadBody: false, canReadPreview: true, isNotifyRequested: false, isLiked: false });
    expect(dto).toMatchObject({ body: null, isLocked: true, selection: "Lakers -4.5", odds: -110, units: 1, pickResult: "Win", gradedAt: created.toISOString() });
  });

  it("someone else's scheduled post: a teaser without body or preview", () => {
    const dto = toPostDTO({ ...record, postType: "Post", visibility: "Free" }, { canReadBody: false, canReadPreview: false, isNotifyRequested: true, isLiked: false });
    expect(dto).toMatchObject({ title: "Lakers cover", body: null, isLocked: true, preview: [], previewText: "", metadata: { isNotifyRequested: true } });
    expect(JSON.stringify(dto)).not.toContain("Teaser");
  });
});
