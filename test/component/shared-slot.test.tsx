/**
 * A slot of a page rendered once for its audience (decision 049): the home's feed. The shared
 * render leaves it empty and keeps a renderer; the server fills it per reader with that renderer;
 * the browser renders the feed from the reader's part at once. The three must give the very same
 * markup, or the browser would throw the server's page away.
 */
import { createRemixStub } from "@remix-run/testing";
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { expectConsoleError } from "../support/console-errors";
import { SlotHostContext, type SlotHost } from "~/components/layout/shared-slot";
import { toCardPost, type CardPost } from "~/modules/posts/card-post";
import { fillSlot } from "~/modules/http/shared-render.server";
import { PERSONAL_DATA_ID, slotPlaceholder, type SlotRender } from "~/modules/http/shared-render";
import type { FeedPage } from "~/modules/posts/feed-page.server";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import App from "~/root";
import { sharedRootData } from "../support/shared-root-data";
import Home from "~/routes/_index";

// Tokyo: a card's date differs from the default zone's (New York), so the slot must render in the page's.
const rootData = sharedRootData({ timeZone: "Asia/Tokyo" });

function card(id: string, overrides: Partial<PostDTO> = {}): CardPost {
  return toCardPost({
    id,
    postType: "Post",
    title: `Title of ${id}`,
    isLocked: false,
    previewText: `Preview of ${id} <b>not markup</b>`,
    status: "Published",
    // Nov 21 in the reader's zone (Tokyo), Nov 20 in the default zone (New York): the slot must render in the page's zone.
    publishDate: "2026-11-21T02:30:00.000Z",
    categoryInfo: { id: 2, name: "NBA" },
    eventInfo: null,
    coverImage: null,
    pickResult: null,
    selection: null,
    odds: null,
    units: null,
    market: null,
    legs: [],
    withdrawnAt: null,
    author: { id: "a1", userName: "LeBronPicks", firstName: "Marcus", lastName: "Hale", avatar: "/a.svg" },
    likesCount: 3,
    commentsCount: 1,
    metadata: { isNotifyRequested: false, isLiked: false },
    ...overrides,
  } as PostDTO);
}

const feed: FeedPage = {
  posts: [
    card("11111111-1111-4111-8111-111111111111", { metadata: { isLiked: true, isNotifyRequested: false } }),
    // A scheduled post: its card offers notify-me, whose hint is referenced by id.
    card("22222222-2222-4222-8222-222222222222", { publishDate: "2099-01-01T00:00:00.000Z" }),
    card("33333333-3333-4333-8333-333333333333", { postType: "Pick", isLocked: true }),
  ],
  page: 1,
  totalPages: 3,
};

function Page({ home }: { home: { view: "feed"; feed: FeedPage | null } }) {
  window.matchMedia = ((query: string) => ({ matches: query === "(min-width: 1024px)", media: query })) as never;
  const Stub = createRemixStub([
    { id: "root", path: "/", Component: App, children: [{ id: "routes/_index", index: true, Component: Home }] },
    { path: "/notifications/unread", loader: () => ({ ok: true, newNotificationsCount: 0 }) },
  ]);
  return <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: rootData, "routes/_index": home } }} />;
}

/**
 * A server render. The stub's in-memory router (the app's server uses a static one) has React warn
 * that its layout effect does not run on the server: that warning, and only it, is expected.
 */
const onServer = <T,>(run: () => T) => expectConsoleError(/useLayoutEffect does nothing on the server/, run);

function sharedRender() {
  const slots = new Map<string, SlotRender>();
  const host: SlotHost = { define: (name, render) => slots.set(name, render), renderToString };
  return onServer(() => {
    const html = renderToString(
      <SlotHostContext.Provider value={host}>
        <Page home={{ view: "feed", feed: null }} />
      </SlotHostContext.Provider>,
    );
    return { html, slots };
  });
}

const aloneFor = (page: FeedPage) => onServer(() => renderToString(<Page home={{ view: "feed", feed: page }} />));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the home's feed slot", () => {
  it("is left empty by the shared render, which keeps a renderer for it", async () => {
    const { html, slots } = await sharedRender();
    expect(html).toContain(slotPlaceholder("feed"));
    expect(html).not.toContain("Title of");
    expect(slots.has("feed")).toBe(true);
  });

  it("is filled per reader with exactly what the page renders for that reader on its own", async () => {
    const { html, slots } = await sharedRender();
    const alone = await aloneFor(feed);
    // Twice: the second time from the cards kept, the same again.
    const [filled, again] = await onServer(() => [1, 2].map(() => fillSlot(html, "feed", slots, feed)));
    expect(filled).toBe(alone);
    expect(again).toBe(alone);
    expect(filled).toContain("Title of 11111111");
    expect(filled).toContain("&lt;b&gt;not markup&lt;/b&gt;");
    expect(filled).toContain('aria-describedby="notify-hint-22222222-2222-4222-8222-222222222222"');
  });

  it("shows a card's new data, never a kept card of other data", async () => {
    const { html, slots } = await sharedRender();
    await onServer(() => fillSlot(html, "feed", slots, feed));
    const liked = { ...feed, posts: [{ ...feed.posts[0], likesCount: 40 }, ...feed.posts.slice(1)] };
    const filled = await onServer(() => fillSlot(html, "feed", slots, liked));
    expect(filled).toBe(await aloneFor(liked));
    expect(filled).toContain("Like (40 likes)");
  });

  it("hydrates in the browser from the reader's part without a mismatch", async () => {
    const { html, slots } = await sharedRender();
    const personal = document.createElement("script");
    personal.type = "application/json";
    personal.id = PERSONAL_DATA_ID;
    personal.textContent = JSON.stringify({ frame: null, page: feed });
    document.body.append(personal);
    const container = document.createElement("div");
    container.innerHTML = await onServer(() => fillSlot(html, "feed", slots, feed));
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page home={{ view: "feed", feed: null }} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    const items = container.querySelectorAll('[data-shared-slot="feed"] li[data-post-id]');
    expect(items).toHaveLength(3);
    expect(container.querySelector('button[aria-label="Like (3 likes)"][aria-pressed="true"]')).not.toBeNull();
  });
});
