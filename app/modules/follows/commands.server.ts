/**
 * Following an expert (app/modules/command.server.ts): the Follow buttons of every page and
 * `/api/experts/{id}/follow` both run these; both idempotent.
 */
import { defineCommand, noInput } from "~/modules/command.server";
import { follow, unfollow } from "./follows.server";

/** Follow the route's expert → `{isFollowed: true}`. */
export const followCommand = defineCommand({
  who: "confirmed",
  input: noInput,
  run: ({ context, viewer, params }) => follow(context.db, viewer.user.id, params.expertId ?? ""),
});

/** Stop following the route's expert → `{isFollowed: false}`. */
export const unfollowCommand = defineCommand({
  who: "confirmed",
  input: noInput,
  run: ({ context, viewer, params }) => unfollow(context.db, viewer.user.id, params.expertId ?? ""),
});
