/**
 * The stream hub's reading of an announcement (the payload the notifications trigger sends): the
 * pairs of recipients with a stream here, what the group is about, and nothing from a payload
 * that is not one.
 */
import { describe, expect, it } from "vitest";
import { announcedGroup } from "~/modules/notifications/stream-hub.server";

const expert = "6f1c0a52-0d7e-4b8e-9a51-0c1f3b7c2a10";
const post = "a3d2e1f0-1111-4222-8333-944445555666";
const here = new Set(["r1", "r3"]);
const isHere = (id: string) => here.has(id);

describe("announcedGroup", () => {
  it("keeps the pairs whose recipient has a stream here, with what the group is about", () => {
    const payload = `ExpertNewPost||${post}|||false|1772366400123456;r1:n1,r2:n2,r3:n3`;
    expect(announcedGroup(payload, isHere)).toEqual({
      dataType: "ExpertNewPost",
      actorId: null,
      postId: post,
      commentId: null,
      eventId: null,
      isRead: false,
      createdAtMicros: 1772366400123456,
      notifications: [
        { recipientId: "r1", id: "n1" },
        { recipientId: "r3", id: "n3" },
      ],
    });
  });

  it("reads an actor, a game and a read state", () => {
    const group = announcedGroup(`NewEvent|${expert}||||true|1;r3:n9`, isHere);
    expect(group).toMatchObject({ dataType: "NewEvent", actorId: expert, eventId: null, isRead: true });
    expect(announcedGroup(`NewEvent||||42|false|1;r1:n1`, isHere)?.eventId).toBe(42);
  });

  it("answers null when no recipient is here or the payload is not an announcement", () => {
    expect(announcedGroup(`PostLike|${expert}|${post}|||false|1;r2:n2`, isHere)).toBeNull();
    expect(announcedGroup("r1:n1,r3:n3", isHere)).toBeNull();
    expect(announcedGroup(`Nonsense||||false|1;r1:n1`, isHere)).toBeNull();
    expect(announcedGroup(`PostLike|||||false|soon;r1:n1`, isHere)).toBeNull();
    expect(announcedGroup(`PostLike|||||false|1;r1n1,:x,`, isHere)).toBeNull();
  });
});
