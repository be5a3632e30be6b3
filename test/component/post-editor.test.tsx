/**
 * The create/edit post dialog (decision 018): embed and link rules, the toolbar's commands on a
 * real Slate editor (no DOM selection needed), the form's validation and the server's errors,
 * the Post/Pick switch, a structured pick's market and legs, a posted pick's bet kept
 * read-only, and the dialog opened by `?createEditPost=` asking before discarding.
 */
import { createRemixStub } from "../support/remix-stub";
import { useLocation } from "@remix-run/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createEditor, Editor, Transforms, type Descendant, type Element } from "slate";
import { withHistory } from "slate-history";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PostEditorHost } from "~/components/post-editor/post-editor-host";
import {
  completeUpload,
  emptyDocument,
  handleShortcut,
  insertEmbed,
  insertEmoji,
  insertImage,
  insertLink,
  isBlockActive,
  isMarkActive,
  pendingImages,
  toggleBlock,
  toggleMark,
  withPostElements,
} from "~/components/post-editor/editor-commands";
import { EMBED_ERROR, parseEmbedUrl } from "~/components/post-editor/embeds";
import { isInternalLink, linkAttributes, normalizeLinkUrl } from "~/components/post-editor/links";
import { PostForm } from "~/components/post-editor/post-form";
import { SELF_REPORTED_NOTE, SELF_REPORTED_NOTE_TITLE } from "~/components/post-editor/pick-fields";
import {
  combinedOdds,
  legsForMarket,
  newLeg,
  pickSummary,
  type LegFormValues,
} from "~/components/post-editor/pick-form-model";
import {
  FORM_MESSAGES,
  initialValues,
  keptBetOf,
  serverErrors,
  toPayload,
  validatePost,
  type PostFormValues,
} from "~/components/post-editor/post-form-model";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { POST_MESSAGES } from "~/modules/posts/post-schema";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { formatOdds, LEG_MESSAGES, parlayOdds } from "~/modules/record/pick-markets";
import type { EventDTO } from "~/modules/reference/reference.server";
import { isBodyNonEmpty } from "~/modules/posts/slate";
import type { MarketOffer } from "~/modules/record/market-price";
import { marketConsensus } from "~/modules/record/market-consensus";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("embeds: YouTube videos and X posts only", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/aBcDeFgHiJ_", "aBcDeFgHiJ_"],
    ["youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("YouTube %s", (url, id) => {
    expect(parseEmbedUrl(url)).toEqual({ provider: "youtube", id, url: `https://www.youtube.com/watch?v=${id}` });
  });

  it.each([
    ["https://x.com/SharpSide/status/1790000000000000001", "https://x.com/SharpSide/status/1790000000000000001"],
    [
      "https://twitter.com/SharpSide/status/1790000000000000001?s=20",
      "https://x.com/SharpSide/status/1790000000000000001",
    ],
    [
      "https://mobile.twitter.com/SharpSide/status/1790000000000000001/photo/1",
      "https://x.com/SharpSide/status/1790000000000000001",
    ],
    ["http://www.x.com/i/web/status/1790000000000000001", "https://x.com/i/status/1790000000000000001"],
  ])("X %s", (url, canonical) => {
    expect(parseEmbedUrl(url)).toEqual({ provider: "x", id: "1790000000000000001", url: canonical });
  });

  it.each([
    "",
    "not a url",
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://vimeo.com/123456",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/UC123",
    "https://x.com/SharpSide",
    "https://x.com/SharpSide/status/not-a-number",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "ftp://youtu.be/dQw4w9WgXcQ",
  ])("rejects %j", (url) => {
    expect(parseEmbedUrl(url)).toBeNull();
  });

  it("has one message for everything else", () => {
    expect(EMBED_ERROR).toBe("Only YouTube and X (Twitter) links can be embedded.");
  });
});

describe("links: http(s) or a site path; internal ones open in place", () => {
  it("keeps http(s) URLs and site paths, adds https:// to a bare host, refuses the rest", () => {
    expect(normalizeLinkUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(normalizeLinkUrl("  http://example.com ")).toBe("http://example.com/");
    expect(normalizeLinkUrl("example.com/odds")).toBe("https://example.com/odds");
    expect(normalizeLinkUrl("/experts/LeBronPicks")).toBe("/experts/LeBronPicks");
    for (const bad of [
      "",
      "javascript:alert(1)",
      "data:text/html,hi",
      "mailto:a@b.c",
      "//evil.example",
      "/\\evil.example",
      "word",
    ]) {
      expect(normalizeLinkUrl(bad)).toBeNull();
    }
  });

  it("is internal only for a relative path or the site's own origin (product.md 'Validation')", () => {
    const site = "https://sharpside.example";
    expect(isInternalLink("/posts/1", site)).toBe(true);
    expect(isInternalLink("https://sharpside.example/posts/1", site)).toBe(true);
    expect(isInternalLink("http://sharpside.example/posts/1", site)).toBe(false);
    expect(isInternalLink("https://sharpside.example.evil.com/", site)).toBe(false);
    expect(isInternalLink("//sharpside.example/x", site)).toBe(false);
    expect(linkAttributes("/feed", site)).toEqual({ href: "/feed" });
    expect(linkAttributes("https://example.com/", site)).toEqual({
      href: "https://example.com/",
      target: "_blank",
      rel: "nofollow noopener noreferrer",
    });
  });
});

// ---- the toolbar's commands on a Slate editor ---------------------------------------------

function editorWith(children: Descendant[]) {
  const editor = withPostElements(withHistory(createEditor()));
  editor.children = children;
  return editor;
}

const paragraph = (text: string): Descendant => ({ type: "paragraph", children: [{ text }] });
const key = (
  k: string,
  mods: Partial<{ metaKey: boolean; ctrlKey: boolean; altKey: boolean; shiftKey: boolean }> = {},
) => ({
  key: k,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe("editor commands", () => {
  it("bold and italic toggle on the selection, also by Mod+B and Mod+I", () => {
    const editor = editorWith([paragraph("Hello world")]);
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 5 } });
    toggleMark(editor, "bold");
    expect(editor.children[0]).toEqual({
      type: "paragraph",
      children: [{ text: "Hello", bold: true }, { text: " world" }],
    });
    expect(isMarkActive(editor, "bold")).toBe(true);

    expect(handleShortcut(editor, key("i", { ctrlKey: true }))).toBe(true);
    expect(isMarkActive(editor, "italic")).toBe(true);
    expect(handleShortcut(editor, key("B", { metaKey: true }))).toBe(true);
    expect(isMarkActive(editor, "bold")).toBe(false);
    expect(editor.children[0]).toEqual({
      type: "paragraph",
      children: [{ text: "Hello", italic: true }, { text: " world" }],
    });

    // Plain keys, other shortcuts and Shift/Alt combinations are left to the editor.
    expect(handleShortcut(editor, key("b"))).toBe(false);
    expect(handleShortcut(editor, key("z", { ctrlKey: true }))).toBe(false);
    expect(handleShortcut(editor, key("b", { ctrlKey: true, shiftKey: true }))).toBe(false);
  });

  it("headings and quote switch the block; a second press goes back to a paragraph", () => {
    const editor = editorWith([paragraph("Title"), paragraph("Body")]);
    Transforms.select(editor, { path: [0, 0], offset: 2 });
    toggleBlock(editor, "heading-one");
    expect(editor.children.map((node) => (node as { type: string }).type)).toEqual(["heading-one", "paragraph"]);
    expect(isBlockActive(editor, "heading-one")).toBe(true);
    toggleBlock(editor, "heading-two");
    expect((editor.children[0] as { type: string }).type).toBe("heading-two");
    toggleBlock(editor, "heading-two");
    expect((editor.children[0] as { type: string }).type).toBe("paragraph");
    toggleBlock(editor, "block-quote");
    expect((editor.children[0] as { type: string }).type).toBe("block-quote");
  });

  it("lists wrap the selected blocks in list items, switch kind, and unwrap", () => {
    const editor = editorWith([paragraph("One"), paragraph("Two"), paragraph("After")]);
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [1, 0], offset: 3 } });
    toggleBlock(editor, "bulleted-list");
    expect(editor.children).toEqual([
      {
        type: "bulleted-list",
        children: [
          { type: "list-item", children: [{ text: "One" }] },
          { type: "list-item", children: [{ text: "Two" }] },
        ],
      },
      paragraph("After"),
    ]);
    toggleBlock(editor, "numbered-list");
    expect((editor.children[0] as { type: string }).type).toBe("numbered-list");
    expect(isBlockActive(editor, "numbered-list")).toBe(true);
    toggleBlock(editor, "numbered-list");
    expect(editor.children).toEqual([paragraph("One"), paragraph("Two"), paragraph("After")]);
  });

  it("a link wraps the selected text, or is inserted with its URL as text; the form's saved selection is restored", () => {
    const editor = editorWith([paragraph("Read the preview")]);
    const saved = { anchor: { path: [0, 0], offset: 9 }, focus: { path: [0, 0], offset: 16 } };
    // Focus moved to the link form: the editor lost its selection meanwhile.
    Transforms.deselect(editor);
    insertLink(editor, "https://example.com/preview", { at: saved });
    expect(editor.children[0]).toEqual({
      type: "paragraph",
      children: [
        { text: "Read the " },
        { type: "link", url: "https://example.com/preview", children: [{ text: "preview" }] },
        { text: "" },
      ],
    });

    const empty = editorWith([paragraph("See ")]);
    Transforms.select(empty, Editor.end(empty, []));
    insertLink(empty, "/experts/LeBronPicks");
    expect(empty.children[0]).toEqual({
      type: "paragraph",
      children: [
        { text: "See " },
        { type: "link", url: "/experts/LeBronPicks", children: [{ text: "/experts/LeBronPicks" }] },
        { text: "" },
      ],
    });
  });

  it("emoji go inline; embeds and images go in as blocks with a paragraph after them", () => {
    const editor = editorWith([paragraph("Hot take")]);
    Transforms.select(editor, Editor.end(editor, []));
    insertEmoji(editor, "🔥");
    expect(editor.children[0]).toEqual({
      type: "paragraph",
      children: [{ text: "Hot take" }, { type: "emoji", emoji: "🔥", children: [{ text: "" }] }, { text: "" }],
    });
    expect(editor.isInline((editor.children[0] as Element & { children: Element[] }).children[1])).toBe(true);

    insertEmbed(editor, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", provider: "youtube" });
    expect(editor.children.slice(1)).toEqual([
      {
        type: "embed",
        url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        provider: "youtube",
        children: [{ text: "" }],
      },
      paragraph(""),
    ]);
  });

  it("an embed in an empty document replaces the empty paragraph and counts as content", () => {
    const editor = editorWith(emptyDocument());
    expect(isBodyNonEmpty(editor.children)).toBe(false);
    insertEmbed(editor, { url: "https://x.com/SharpSide/status/1", provider: "x" });
    expect(editor.children).toEqual([
      { type: "embed", url: "https://x.com/SharpSide/status/1", provider: "x", children: [{ text: "" }] },
      paragraph(""),
    ]);
    expect(isBodyNonEmpty(editor.children)).toBe(true);
  });

  it("Enter at the end of a heading starts a paragraph; in the middle it splits the heading as usual", () => {
    const heading = (text: string): Descendant => ({ type: "heading-one", children: [{ text }] });
    const editor = editorWith([heading("Lines to watch")]);
    Transforms.select(editor, Editor.end(editor, [0]));
    editor.insertBreak();
    Transforms.insertText(editor, "Pace is slow.");
    expect(editor.children).toEqual([heading("Lines to watch"), paragraph("Pace is slow.")]);
    expect(editor.selection?.anchor.path).toEqual([1, 0]);

    const second = editorWith([
      { type: "heading-two", children: [{ text: "Verdict", bold: true }] },
      paragraph("after"),
    ]);
    Transforms.select(second, Editor.end(second, [0]));
    second.insertBreak();
    expect(second.children.map((node) => (node as Element).type)).toEqual(["heading-two", "paragraph", "paragraph"]);

    const middle = editorWith([heading("Lines to watch")]);
    Transforms.select(middle, { path: [0, 0], offset: 5 });
    middle.insertBreak();
    expect(middle.children).toEqual([heading("Lines"), heading(" to watch")]);

    // Other blocks split as Slate does.
    const quote = editorWith([{ type: "block-quote", children: [{ text: "Quoted" }] }]);
    Transforms.select(quote, Editor.end(quote, [0]));
    quote.insertBreak();
    expect(quote.children.map((node) => (node as Element).type)).toEqual(["block-quote", "block-quote"]);
  });

  it("Enter on an empty list item leaves the list (splitting it in the middle); in a filled item it adds one", () => {
    const item = (text: string): Descendant => ({ type: "list-item", children: [{ text }] });
    const list = (...items: Descendant[]): Descendant => ({ type: "bulleted-list", children: items });
    const editor = editorWith([list(item("Rest edge"))]);
    Transforms.select(editor, Editor.end(editor, [0, 0]));
    editor.insertBreak();
    expect(editor.children).toEqual([list(item("Rest edge"), item(""))]);
    // Enter again on the new, empty item: out of the list, into a paragraph.
    editor.insertBreak();
    Transforms.insertText(editor, "Then the pick.");
    expect(editor.children).toEqual([list(item("Rest edge")), paragraph("Then the pick.")]);

    const middle = editorWith([list(item("one"), item(""), item("two"))]);
    Transforms.select(middle, Editor.start(middle, [0, 1]));
    middle.insertBreak();
    expect(middle.children).toEqual([list(item("one")), paragraph(""), list(item("two"))]);
  });

  it("an uploading image holds the save back until the upload gives it its url", () => {
    const editor = editorWith(emptyDocument());
    insertImage(editor, { uploadId: "upload-1" });
    expect(pendingImages(editor.children)).toBe(1);
    expect(completeUpload(editor, "upload-1", "uploads/user/picture.png", { width: 1200, height: 675 })).toBe(true);
    expect(editor.children[0]).toEqual({
      type: "image",
      url: "uploads/user/picture.png",
      width: 1200,
      height: 675,
      children: [{ text: "" }],
    });
    expect(pendingImages(editor.children)).toBe(0);
    // Removed meanwhile: nothing to complete.
    expect(completeUpload(editor, "upload-gone", "uploads/x.png")).toBe(false);
  });
});

// ---- the form ------------------------------------------------------------------------------

const categories = [
  { id: 1, name: "NFL" },
  { id: 2, name: "NBA" },
];
const modalities = [
  { id: 1, name: "Moneyline" },
  { id: 2, name: "Spread" },
];

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
function makeEvent(id: number, awayTeam: string, homeTeam: string, startsAt: string, categoryId = 2): EventDTO {
  return {
    id,
    categoryId,
    categoryInfo: { id: categoryId, name: categoryId === 2 ? "NBA" : "NFL" },
    homeTeam,
    awayTeam,
    title: `${awayTeam} at ${homeTeam}`,
    startsAt,
    status: "Scheduled",
    homeScore: null,
    awayScore: null,
  };
}
const lakersGame = makeEvent(11, "Boston Celtics", "Los Angeles Lakers", inHours(5));
const knicksGame = makeEvent(12, "Miami Heat", "New York Knicks", inHours(8));
/** Started an hour ago: still in /api/events (recent games are listed), never offered for a pick. */
const startedGame = makeEvent(13, "Denver Nuggets", "Golden State Warriors", inHours(-1));
const nflGame = makeEvent(21, "Buffalo Bills", "Kansas City Chiefs", inHours(30), 1);
const allEvents = [lakersGame, knicksGame, startedGame, nflGame];

function makePost(overrides: Partial<PostDTO> = {}): PostDTO {
  return {
    id: "6f1c2b9e-1111-4222-8333-944455556666",
    postType: "Post",
    title: "Five NBA angles",
    body: [{ type: "paragraph", children: [{ text: "The books are missing these." }] }],
    isLocked: false,
    preview: [],
    previewText: "",
    visibility: "Free",
    status: "Draft",
    publishDate: null,
    categoryId: 2,
    categoryInfo: { id: 2, name: "NBA" },
    eventId: null,
    eventInfo: null,
    modalityIds: [1],
    modality: [{ id: 1, name: "Moneyline" }],
    coverImage: null,
    pickResult: null,
    gradedAt: null,
    selection: null,
    odds: null,
    units: null,
    market: null,
    legs: null,
    postedAt: null,
    postedMinutesBeforeStart: null,
    withdrawnAt: null,
    selfGraded: false,
    resultCorrection: null,
    settledOdds: null,
    clv: null,
    commitment: null,
    committedText: null,
    author: { id: "author-1", userName: "LeBronPicks", firstName: "Marcus", lastName: "Reed", avatar: "" },
    likesCount: 0,
    commentsCount: 0,
    createdAt: "2026-11-20T10:00:00.000Z",
    metadata: { isNotifyRequested: false, isLiked: false },
    ...overrides,
  };
}

/** A draft pick with its write-up done and no bet yet: the tests fill the bet in. */
const draftPick = () =>
  makePost({ postType: "Pick", visibility: "Subscribers", title: "Lakers tonight", modalityIds: [], modality: [] });

function renderForm(post: PostDTO | null = null) {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  const dirty = { current: false };
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <PostForm
          post={post}
          categories={categories}
          modalities={modalities}
          dirty={dirty}
          onCancel={onCancel}
          onSaved={onSaved}
        />
      ),
    },
    ...editorRoutes(),
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { onSaved, onCancel, dirty };
}

/** The error shown under a control (the `…-error` element its aria-describedby names). */
function errorOf(control: HTMLElement): string {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id.endsWith("-error"));
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join("");
}

type Answer = { status: number; body: unknown };
type Call = { url: string; postId: string | null; body: unknown };

/** What the editor's stubbed routes answer (set by `stubEditor`, read by `editorRoutes`). */
let server: {
  answer: (url: string) => Answer;
  events: EventDTO[];
  listed: EventDTO[];
  markets: Record<number, MarketOffer[]>;
  calls: Call[];
} = { answer: () => ({ status: 500, body: {} }), events: allEvents, listed: allEvents, markets: {}, calls: [] };

/**
 * The editor's route loaders and action, stubbed: the games from `events` (/editor/events?id=),
 * the category's list from `listed` (/editor/events?categoryId=), a game's market from `markets`
 * (/editor/market, none by default: the route's own tests cover it); a save answers `answer`
 * (in the API's shape, as the action's module functions decide it), its posts kept.
 */
function stubEditor(
  answer: (url: string) => Answer,
  events: EventDTO[] = allEvents,
  listed = events,
  markets: Record<number, MarketOffer[]> = {},
) {
  server = { answer, events, listed, markets, calls: [] };
  return server.calls;
}

function editorRoutes() {
  const search = (request: Request) => new URL(request.url).searchParams;
  return [
    {
      path: "/editor",
      loader: () => ({ ok: true, categories, modalities, post: null }),
      action: async ({ request }: { request: Request }) => {
        const form = await request.formData();
        const postId = form.get("postId") as string | null;
        server.calls.push({ url: "/editor", postId, body: JSON.parse(String(form.get("post"))) });
        const { status, body } = server.answer("/editor");
        const answer = body as { payload?: unknown; error?: string; errors?: Record<string, string[]> };
        return status < 300
          ? { ok: true, post: answer.payload }
          : { ok: false, error: answer.error ?? "Something went wrong", errors: answer.errors, statusCode: status };
      },
    },
    {
      path: "/editor/events",
      loader: ({ request }: { request: Request }) => {
        const params = search(request);
        if (params.has("id")) {
          const event = server.events.find((item) => item.id === Number(params.get("id")));
          return event ? { ok: true, event } : { ok: false, error: "Not found", statusCode: 404 };
        }
        const categoryId = Number(params.get("categoryId"));
        return { ok: true, items: server.listed.filter((event) => event.categoryId === categoryId) };
      },
    },
    {
      path: "/editor/market",
      loader: ({ request }: { request: Request }) => {
        const eventId = Number(search(request).get("eventId"));
        const offers = server.markets[eventId] ?? [];
        const takenAt = offers.length ? new Date().toISOString() : null;
        return { ok: true, market: { eventId, takenAt, offers, consensus: marketConsensus(offers) } };
      },
    },
  ];
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a leg's event select and picks the game by its teams. */
async function chooseGame(user: User, trigger: HTMLElement, legend: string, game: EventDTO) {
  await waitFor(() => expect((trigger as HTMLButtonElement).disabled).toBe(false));
  await user.click(trigger);
  const group = await screen.findByRole("group", { name: legend });
  await user.click(
    await within(group).findByRole("radio", { name: new RegExp(`${game.awayTeam} at ${game.homeTeam}`) }),
  );
}

const control = (role: "combobox" | "textbox" | "spinbutton" | "button", name: string | RegExp) =>
  screen.getByRole(role, { name });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((option) => option.textContent);
const legsSent = (body: unknown) => (body as { legs: unknown }).legs;

describe("the form's model", () => {
  const filled = (overrides: Partial<PostFormValues> = {}): PostFormValues => ({
    ...initialValues(null),
    title: "  A title  ",
    body: [paragraph("Some text")],
    categoryId: "2",
    ...overrides,
  });
  const leg = (overrides: Partial<LegFormValues> = {}): LegFormValues => ({
    ...newLeg("Spread"),
    eventId: 11,
    side: "Home",
    line: "-4.5",
    odds: "-110",
    ...overrides,
  });
  const pick = (overrides: Partial<PostFormValues> = {}) =>
    filled({ postType: "Pick", market: "Spread", legs: [leg()], units: "1", ...overrides });
  const fieldsOf = (values: PostFormValues) => validatePost(values, { kind: "now" }).fields;

  it("builds the API's JSON: numbers from typed text, visibility from the type, the publish date from the choice", () => {
    const now = new Date("2026-11-23T12:00:00.000Z");
    expect(toPayload(filled(), { kind: "draft" }, now)).toMatchObject({
      postType: "Post",
      title: "A title",
      visibility: "Free",
      categoryId: 2,
      coverImage: null,
      publishDate: null,
    });
    expect(toPayload(filled(), { kind: "now" }, now).publishDate).toBe(now.toISOString());
    const single = toPayload(pick({ units: "1.5" }), { kind: "keep", publishDate: "2026-11-01T00:00:00.000Z" }, now);
    expect(single).toMatchObject({
      visibility: "Subscribers",
      market: "Spread",
      legs: [{ eventId: 11, market: "Spread", side: "Home", line: -4.5, odds: -110, description: null }],
      units: 1.5,
      publishDate: "2026-11-01T00:00:00.000Z",
    });
    // The server derives a pick's selection, odds and event from its legs.
    expect(single).not.toHaveProperty("selection");
    expect(single).not.toHaveProperty("odds");
    expect(single.eventId).toBeUndefined();
    // Only what the leg's market shows is sent: a moneyline has no line, a prop without over/under neither.
    const moneyline = toPayload(
      pick({ market: "Moneyline", legs: [leg({ market: "Moneyline", odds: "+150" })] }),
      { kind: "now" },
      now,
    );
    expect(moneyline.legs).toEqual([
      { eventId: 11, market: "Moneyline", side: "Home", line: null, odds: 150, description: null },
    ]);
    const prop = toPayload(
      pick({
        market: "PlayerProp",
        legs: [leg({ market: "PlayerProp", side: "", description: " LeBron 30+ points " })],
      }),
      { kind: "now" },
      now,
    );
    expect(prop.legs).toEqual([
      { eventId: 11, market: "PlayerProp", side: null, line: null, odds: -110, description: "LeBron 30+ points" },
    ]);
    // A Post never sends pick fields, whatever was filled in before switching.
    expect(toPayload(pick({ postType: "Post", eventId: 12 }), { kind: "now" }, now)).toMatchObject({
      eventId: 12,
      market: undefined,
      legs: undefined,
      units: undefined,
    });
    expect(validatePost(pick(), { kind: "now" }, now)).toEqual({ fields: {}, root: [] });
  });

  it("a posted pick sends back the bet it was loaded with", () => {
    const legs = [
      { eventId: 11, market: "Spread" as const, side: "Home" as const, line: -4.5, odds: -110, description: null },
    ];
    const post = makePost({
      postType: "Pick",
      status: "Published",
      publishDate: "2026-11-01T00:00:00.000Z",
      postedAt: "2026-11-01T00:00:00.000Z",
      market: "Spread",
      legs,
      units: 2,
    });
    const kept = keptBetOf(post);
    // Whatever the values say: the controls are disabled, and the server compares field by field.
    const values = { ...initialValues(post), title: "New words", units: "3", categoryId: "1" };
    expect(toPayload(values, { kind: "keep", publishDate: post.publishDate! }, new Date(), kept)).toMatchObject({
      title: "New words",
      market: "Spread",
      legs,
      units: 2,
      categoryId: 2,
    });
    expect(keptBetOf(makePost({ postType: "Pick", market: "Spread", legs, units: 2 }))).toBeNull();
  });

  it("the market shapes the legs: one for a single bet, at least two for a parlay; a leg keeps its game and price", () => {
    const spread = legsForMarket("", [], "Spread");
    expect(spread).toHaveLength(1);
    expect(spread[0]).toMatchObject({ market: "Spread", eventId: null, side: "" });
    const parlay = legsForMarket("Spread", [leg()], "Parlay");
    expect(parlay.map((item) => item.market)).toEqual(["Spread", "Spread"]);
    expect(parlay[0]).toMatchObject({ eventId: 11, side: "Home", line: "-4.5" });
    expect(new Set(parlay.map((item) => item.key)).size).toBe(2);
    // Back to a single total: the first leg, its side and line reset (a spread's line is no total's).
    expect(legsForMarket("Parlay", parlay, "Total")).toEqual([{ ...parlay[0], market: "Total", side: "", line: "" }]);
    expect(legsForMarket("Moneyline", [leg({ market: "Moneyline" })], "Spread")[0]).toMatchObject({
      side: "Home",
      odds: "-110",
    });
    expect(legsForMarket("Spread", [leg()], "")).toEqual([]);
  });

  it("finds what the server would refuse, with the server's words, all at once", () => {
    const now = new Date();
    const empty = validatePost(initialValues(null), { kind: "now" }, now);
    expect(empty.fields).toMatchObject({
      title: [POST_MESSAGES.required],
      body: [POST_MESSAGES.required],
      categoryId: [POST_MESSAGES.required],
    });

    // No market yet: just that (the legs follow from it).
    expect(fieldsOf(filled({ postType: "Pick", units: "1" }))).toEqual({ market: [POST_MESSAGES.required] });
    // A spread without its side; a line that is not whole or half points; odds inside ±100.
    expect(fieldsOf(pick({ legs: [leg({ side: "" })] }))).toEqual({ "legs.0.side": [LEG_MESSAGES.required] });
    expect(fieldsOf(pick({ legs: [leg({ line: "4.3" })] }))).toEqual({ "legs.0.line": [LEG_MESSAGES.line] });
    expect(fieldsOf(pick({ legs: [leg({ odds: "-99" })] }))).toEqual({ "legs.0.odds": [LEG_MESSAGES.odds] });
    expect(fieldsOf(pick({ market: "Total", legs: [leg({ market: "Total", side: "Over", line: "0" })] }))).toEqual({
      "legs.0.line": [LEG_MESSAGES.totalLine],
    });
    // A prop says what it is on, and an over/under needs its line.
    expect(fieldsOf(pick({ market: "PlayerProp", legs: [leg({ market: "PlayerProp", side: "", line: "" })] }))).toEqual(
      { "legs.0.description": [LEG_MESSAGES.description] },
    );
    expect(
      fieldsOf(
        pick({
          market: "TeamProp",
          legs: [leg({ market: "TeamProp", side: "Over", line: "", description: "Lakers 1H" })],
        }),
      ),
    ).toEqual({
      "legs.0.line": [LEG_MESSAGES.required],
    });
    // A parlay: the same bet twice, or too few legs.
    const twice = [leg({ market: "Moneyline", line: "" }), leg({ market: "Moneyline", line: "", odds: "+120" })];
    expect(fieldsOf(pick({ market: "Parlay", legs: twice }))).toEqual({ "legs.1": [LEG_MESSAGES.sameGame] });
    expect(fieldsOf(pick({ market: "Parlay", legs: [leg()] }))).toEqual({ legs: [LEG_MESSAGES.parlayLegs] });

    // A missing game, missing odds and a missing category stop zod early: the rest is still said.
    const early = validatePost(
      pick({ categoryId: "", units: "11", legs: [leg({ eventId: null, side: "", odds: "abc" })] }),
      { kind: "schedule", at: "2001-01-01T10:00", timeZone: "America/New_York" },
      now,
    );
    expect(early.fields).toEqual({
      categoryId: [POST_MESSAGES.required],
      units: [POST_MESSAGES.units],
      "legs.0.eventId": [LEG_MESSAGES.required],
      "legs.0.odds": [LEG_MESSAGES.required],
      "legs.0.side": [LEG_MESSAGES.required],
      publishDate: [FORM_MESSAGES.scheduleInFuture],
    });

    const uploading = validatePost(
      filled({ body: [paragraph("x"), { type: "image", url: "", uploadId: "u1", children: [{ text: "" }] }] }),
      { kind: "now" },
      now,
    );
    expect(uploading.root).toEqual([FORM_MESSAGES.imagesPending]);
    expect(validatePost(filled(), { kind: "now" }, now)).toEqual({ fields: {}, root: [] });
  });

  it("puts the server's field errors on their fields, a leg's on that leg, and the rest at the root", () => {
    const values = pick({ market: "Parlay", legs: [leg(), leg({ market: "Moneyline", eventId: 12, line: "" })] });
    expect(
      serverErrors(
        {
          error: "Violation of business rules/data integrity took place.",
          errors: {
            eventId: ["Unknown event"],
            "legs.1.eventId": ["The event is not in the chosen category"],
            "legs.0.side": ["Choose a side this market takes"],
            // No third leg; a moneyline shows no line: nowhere to put these but the root.
            "legs.2.odds": ["Odds must be whole American odds: -100 or lower, or +100 or higher"],
            "legs.1.line": ["Lines are whole or half points"],
            visibility: ["Nope"],
          },
        },
        values,
      ),
    ).toEqual({
      fields: {
        eventId: ["Unknown event"],
        "legs.1.eventId": ["The event is not in the chosen category"],
        "legs.0.side": ["Choose a side this market takes"],
      },
      root: [
        "Odds must be whole American odds: -100 or lower, or +100 or higher",
        "Lines are whole or half points",
        "Nope",
      ],
    });
    expect(
      serverErrors({ error: "This pick has been graded: it can no longer be edited or deleted." }, values),
    ).toEqual({
      fields: {},
      root: ["This pick has been graded: it can no longer be edited or deleted."],
    });
  });

  it("says the bet in words as the server will, with a parlay's combined odds", () => {
    const events = new Map([lakersGame, knicksGame].map((event) => [event.id, event]));
    expect(pickSummary("Spread", [leg()], 1, events)).toBe("Los Angeles Lakers -4.5 at -110, 1 unit");
    const parlay = [
      leg({ market: "Moneyline", line: "", side: "Away", odds: "+150" }),
      leg({ market: "Total", eventId: 12, side: "Over", line: "220.5" }),
    ];
    expect(pickSummary("Parlay", parlay, 2.5, events)).toBe(
      `2-leg parlay: Boston Celtics ML + Over 220.5 (Miami Heat at New York Knicks) at ${formatOdds(parlayOdds([150, -110]))}, 2.5 units`,
    );
    expect(combinedOdds(parlay)).toBe(parlayOdds([150, -110]));
    // Incomplete, or a game it does not know: nothing to say yet.
    expect(pickSummary("Spread", [leg({ side: "" })], 1, events)).toBeNull();
    expect(pickSummary("Spread", [leg({ eventId: 99 })], 1, events)).toBeNull();
    expect(combinedOdds([leg(), leg({ odds: "-99" })])).toBeNull();
  });
});

// A pick's bet is many controls: typed key by key, these take a few seconds on two busy cores.
describe("the form", { timeout: 20_000 }, () => {
  it("shows the bet's fields only for a Pick, and the post's event only for a Post", async () => {
    const user = userEvent.setup();
    stubEditor(() => ({ status: 500, body: {} }));
    renderForm();
    expect(screen.queryByRole("combobox", { name: "Market" })).toBeNull();
    expect(control("button", "Event")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Post" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: "Pick" }));
    expect((screen.getByRole("radio", { name: "Pick" }) as HTMLInputElement).checked).toBe(true);
    const pick = screen.getByRole("group", { name: "The pick" });
    expect(within(pick).getByRole("combobox", { name: "Market" })).toBeTruthy();
    expect(within(pick).getByRole("spinbutton", { name: "Units" })).toBeTruthy();
    // The free-text selection and odds are gone; so is the post's own event select.
    expect(screen.queryByRole("textbox", { name: /Selection/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Event" })).toBeNull();
    expect(optionTexts(control("combobox", "Market"))).toEqual([
      "Choose a market",
      "Moneyline",
      "Spread",
      "Total (over/under)",
      "Player prop",
      "Team prop",
      "Parlay",
    ]);
    expect(screen.getByRole("textbox", { name: /Analysis/ })).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "Post" }));
    expect(screen.queryByRole("group", { name: "The pick" })).toBeNull();
    expect(control("button", "Event")).toBeTruthy();
  });

  it("shows each field's message on Publish and sends nothing", async () => {
    const user = userEvent.setup();
    const calls = stubEditor(() => ({ status: 500, body: {} }));
    renderForm();
    await user.click(screen.getByRole("radio", { name: "Pick" }));
    await user.type(control("spinbutton", "Units"), "12");
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    const title = screen.getByLabelText(/Title/);
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(title)).toBe("Required");
    expect(errorOf(screen.getByLabelText(/Category/))).toBe("Required");
    expect(errorOf(screen.getByRole("textbox", { name: /Analysis/ }))).toBe("Required");
    expect(errorOf(control("combobox", "Market"))).toBe("Required");
    expect(errorOf(control("spinbutton", "Units"))).toBe(POST_MESSAGES.units);
    expect(calls).toHaveLength(0);
    // Typing clears that field's message.
    await user.type(title, "x");
    expect(errorOf(title)).toBe("");
  });

  it("a single spread: the game from the sport's upcoming list, sides named after its teams, the bet in words, the legs sent", async () => {
    const user = userEvent.setup();
    const calls = stubEditor(() => ({ status: 200, body: { payload: draftPick() } }));
    const { onSaved } = renderForm(draftPick());
    await user.selectOptions(control("combobox", "Market"), "Spread");
    // No side before the game: a side is one of its teams.
    const side = control("combobox", "Side");
    expect(optionTexts(side)).toEqual(["Choose the event first"]);
    expect((side as HTMLSelectElement).disabled).toBe(true);

    const game = control("button", "Event");
    await waitFor(() => expect((game as HTMLButtonElement).disabled).toBe(false));
    await user.click(game);
    const games = within(await screen.findByRole("group", { name: "Event" }));
    // This sport's games not started yet, and no "No event": a pick needs its game.
    await waitFor(() => expect(games.getAllByRole("radio")).toHaveLength(2));
    expect(games.queryByRole("radio", { name: /Golden State Warriors|Kansas City Chiefs|No event/ })).toBeNull();
    await user.click(games.getByRole("radio", { name: /Boston Celtics at Los Angeles Lakers/ }));
    expect(game.textContent).toContain("Boston Celtics at Los Angeles Lakers");

    expect(optionTexts(side)).toEqual(["Choose a side", "Los Angeles Lakers (home)", "Boston Celtics (away)"]);
    await user.selectOptions(side, "Home");
    await user.type(control("spinbutton", "Line"), "-4.5");
    await user.type(control("textbox", "Odds"), "-110");
    await user.type(control("spinbutton", "Units"), "1");
    expect(screen.getByRole("status", { name: "Your pick" }).textContent).toBe(
      "Los Angeles Lakers -4.5 at -110, 1 unit",
    );
    // Neither a description (not a prop) nor an Add leg (not a parlay).
    expect(screen.queryByRole("textbox", { name: "Description" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add leg" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Publish now" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ url: "/editor", postId: "6f1c2b9e-1111-4222-8333-944455556666" });
    expect(calls[0].body).toMatchObject({
      postType: "Pick",
      visibility: "Subscribers",
      categoryId: 2,
      market: "Spread",
      units: 1,
    });
    expect(legsSent(calls[0].body)).toEqual([
      { eventId: 11, market: "Spread", side: "Home", line: -4.5, odds: -110, description: null },
    ]);
    expect(Object.keys(calls[0].body as object)).not.toEqual(expect.arrayContaining(["selection"]));
    expect(calls[0].body).not.toHaveProperty("odds");
    expect(calls[0].body).not.toHaveProperty("eventId");
  });

  it("a leg's game says its market in words and fills an untyped line and odds from the consensus, never what was typed", async () => {
    const user = userEvent.setup();
    const lakersMarket: MarketOffer[] = [
      { market: "Moneyline", side: "Home", line: null, price: -185, bookmakers: 7 },
      { market: "Moneyline", side: "Away", line: null, price: 160, bookmakers: 7 },
      { market: "Spread", side: "Home", line: -4.5, price: -110, bookmakers: 5 },
      { market: "Spread", side: "Home", line: -5, price: -102, bookmakers: 1 },
      { market: "Spread", side: "Away", line: 4.5, price: -110, bookmakers: 5 },
      { market: "Total", side: "Over", line: 221.5, price: -112, bookmakers: 1 },
      { market: "Total", side: "Under", line: 221.5, price: -108, bookmakers: 4 },
    ];
    const calls = stubEditor(() => ({ status: 200, body: { payload: draftPick() } }), allEvents, allEvents, {
      [lakersGame.id]: lakersMarket,
    });
    const { onSaved } = renderForm(draftPick());
    const marketLine = () => document.querySelector('[id$="-legs-0-market"]') as HTMLElement;
    await user.selectOptions(control("combobox", "Market"), "Spread");
    // No game yet: nothing to say, but the polite live region is there to say it.
    expect(marketLine().getAttribute("aria-live")).toBe("polite");
    expect(marketLine().textContent).toBe("");

    await chooseGame(user, control("button", "Event"), "Event", lakersGame);
    await waitFor(() =>
      expect(marketLine().textContent).toBe(
        "Market: Los Angeles Lakers -4.5 at -110 (5 books); Boston Celtics +4.5 at -110 (5 books). Picks are taken within 1.5 points of it, at its price or worse (each half point bought costs 10 cents, 25 on or off a spread of 3 or 7).",
      ),
    );
    // Choosing a side fills its consensus line and price.
    await user.selectOptions(control("combobox", "Side"), "Home");
    await waitFor(() => expect((control("spinbutton", "Line") as HTMLInputElement).value).toBe("-4.5"));
    expect((control("textbox", "Odds") as HTMLInputElement).value).toBe("-110");
    // The other side: what was filled follows it.
    await user.selectOptions(control("combobox", "Side"), "Away");
    await waitFor(() => expect((control("spinbutton", "Line") as HTMLInputElement).value).toBe("4.5"));
    // The expert's own price stays when the side changes again; the filled line follows.
    await user.clear(control("textbox", "Odds"));
    await user.type(control("textbox", "Odds"), "-105");
    await user.selectOptions(control("combobox", "Side"), "Home");
    await waitFor(() => expect((control("spinbutton", "Line") as HTMLInputElement).value).toBe("-4.5"));
    expect((control("textbox", "Odds") as HTMLInputElement).value).toBe("-105");

    // A total: its sides in words; the typed price is kept, the empty line filled.
    await user.selectOptions(control("combobox", "Market"), "Total");
    await waitFor(() =>
      expect(marketLine().textContent).toContain("Market: Over 221.5 at -112 (1 book); Under 221.5 at -108 (4 books)."),
    );
    await user.selectOptions(control("combobox", "Side"), "Under");
    await waitFor(() => expect((control("spinbutton", "Line") as HTMLInputElement).value).toBe("221.5"));
    expect((control("textbox", "Odds") as HTMLInputElement).value).toBe("-105");
    // A line typed before the side is chosen is the expert's too.
    await user.selectOptions(control("combobox", "Market"), "Spread");
    await user.type(control("spinbutton", "Line"), "-4");
    await user.selectOptions(control("combobox", "Side"), "Home");
    await waitFor(() => expect(marketLine().textContent).toContain("Los Angeles Lakers -4.5 at -110"));
    expect((control("spinbutton", "Line") as HTMLInputElement).value).toBe("-4");

    // A game without market lines says so, and fills nothing.
    await user.selectOptions(control("combobox", "Market"), "Moneyline");
    await chooseGame(user, control("button", "Event"), "Event", knicksGame);
    await waitFor(() =>
      expect(marketLine().textContent).toBe("No market lines for this game yet: only props can be posted on it."),
    );
    await user.selectOptions(control("combobox", "Side"), "Away");
    expect((control("textbox", "Odds") as HTMLInputElement).value).toBe("-105");
    // Props are not priced: no market line.
    await user.selectOptions(control("combobox", "Market"), "PlayerProp");
    expect(document.querySelector('[id$="-legs-0-market"]')).toBeNull();

    // Back to the priced game's moneyline: the Celtics at the market's price, sent as filled.
    await user.selectOptions(control("combobox", "Market"), "Moneyline");
    await chooseGame(user, control("button", "Event"), "Event", lakersGame);
    await waitFor(() =>
      expect(marketLine().textContent).toContain(
        "Market: Los Angeles Lakers ML at -185 (7 books); Boston Celtics ML at +160 (7 books).",
      ),
    );
    await user.clear(control("textbox", "Odds"));
    await user.selectOptions(control("combobox", "Side"), "Home");
    await user.selectOptions(control("combobox", "Side"), "Away");
    await waitFor(() => expect((control("textbox", "Odds") as HTMLInputElement).value).toBe("+160"));
    await user.type(control("spinbutton", "Units"), "1");
    expect(screen.getByRole("status", { name: "Your pick" }).textContent).toBe("Boston Celtics ML at +160, 1 unit");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(legsSent(calls[0].body)).toEqual([
      { eventId: 11, market: "Moneyline", side: "Away", line: null, odds: 160, description: null },
    ]);
  });

  it("a parlay: legs added and removed by keyboard, each its own market and game, the combined odds live", async () => {
    const user = userEvent.setup();
    const calls = stubEditor(() => ({ status: 200, body: { payload: draftPick() } }));
    const { onSaved } = renderForm(draftPick());
    await user.selectOptions(control("combobox", "Market"), "Parlay");
    expect(screen.getAllByRole("group", { name: /^Leg \d$/ })).toHaveLength(2);
    expect(optionTexts(control("combobox", "Leg 2 Market"))).toEqual([
      "Moneyline",
      "Spread",
      "Total (over/under)",
      "Player prop",
      "Team prop",
    ]);
    // Two legs is the least: nothing to remove yet.
    expect(screen.queryByRole("button", { name: /Remove leg/ })).toBeNull();

    // Leg 1: the Celtics on the moneyline.
    await chooseGame(user, control("button", "Leg 1 Event"), "Leg 1 event", lakersGame);
    // A basketball moneyline has no draw.
    expect(optionTexts(control("combobox", "Leg 1 Side"))).toEqual([
      "Choose a side",
      "Los Angeles Lakers (home)",
      "Boston Celtics (away)",
    ]);
    await user.selectOptions(control("combobox", "Leg 1 Side"), "Away");
    await user.type(control("textbox", "Leg 1 Odds"), "+150");
    expect(screen.queryByRole("spinbutton", { name: "Leg 1 Line" })).toBeNull();

    // Leg 2: over the total in the other game.
    await user.selectOptions(control("combobox", "Leg 2 Market"), "Total");
    await chooseGame(user, control("button", "Leg 2 Event"), "Leg 2 event", knicksGame);
    expect(optionTexts(control("combobox", "Leg 2 Side"))).toEqual(["Choose a side", "Over", "Under"]);
    await user.selectOptions(control("combobox", "Leg 2 Side"), "Over");
    await user.type(control("spinbutton", "Leg 2 Line"), "220.5");
    expect(screen.getByText("Combined odds:").textContent).toContain("enter every leg's odds");
    await user.type(control("textbox", "Leg 2 Odds"), "-110");
    const combined = formatOdds(parlayOdds([150, -110]));
    expect(screen.getByText("Combined odds:").textContent).toBe(`Combined odds: ${combined}`);

    // Add a third leg from the keyboard: its market takes the focus; remove it again: Add leg does.
    const add = control("button", "Add leg");
    add.focus();
    await user.keyboard("{Enter}");
    expect(screen.getAllByRole("group", { name: /^Leg \d$/ })).toHaveLength(3);
    expect(document.activeElement).toBe(control("combobox", "Leg 3 Market"));
    expect(screen.getByText("Combined odds:").textContent).toContain("enter every leg's odds");
    control("button", "Remove leg 3").focus();
    await user.keyboard(" ");
    expect(screen.getAllByRole("group", { name: /^Leg \d$/ })).toHaveLength(2);
    expect(document.activeElement).toBe(control("button", "Add leg"));

    await user.type(control("spinbutton", "Units"), "0.5");
    expect(screen.getByRole("status", { name: "Your pick" }).textContent).toBe(
      `2-leg parlay: Boston Celtics ML + Over 220.5 (Miami Heat at New York Knicks) at ${combined}, 0.5 units`,
    );
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0].body).toMatchObject({ market: "Parlay", units: 0.5, publishDate: null });
    expect(legsSent(calls[0].body)).toEqual([
      { eventId: 11, market: "Moneyline", side: "Away", line: null, odds: 150, description: null },
      { eventId: 12, market: "Total", side: "Over", line: 220.5, odds: -110, description: null },
    ]);
  });

  it("says what is wrong with a leg next to it, in the server's words", async () => {
    const user = userEvent.setup();
    const calls = stubEditor(() => ({ status: 500, body: {} }));
    renderForm(draftPick());
    await user.selectOptions(control("combobox", "Market"), "Spread");
    await user.type(control("spinbutton", "Line"), "4.3");
    await user.type(control("textbox", "Odds"), "-99");
    await user.type(control("spinbutton", "Units"), "1");
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    const game = control("button", "Event");
    expect(game.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(game)).toBe(LEG_MESSAGES.required);
    // The first wrong field takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(game));
    expect(errorOf(control("combobox", "Side"))).toBe(LEG_MESSAGES.required);
    expect(errorOf(control("spinbutton", "Line"))).toBe(LEG_MESSAGES.line);
    expect(errorOf(control("textbox", "Odds"))).toBe(LEG_MESSAGES.odds);
    expect(errorOf(control("spinbutton", "Units"))).toBe("");

    // No warning about the record for a spread.
    expect(screen.queryByText(SELF_REPORTED_NOTE_TITLE)).toBeNull();
    // A prop: says what it is on; its over/under is optional, and then takes a line.
    await user.selectOptions(control("combobox", "Market"), "PlayerProp");
    // Before posting, the editor says it will stay outside the verified record.
    expect(screen.getByRole("note").textContent).toBe(`${SELF_REPORTED_NOTE_TITLE} ${SELF_REPORTED_NOTE}`);
    expect(optionTexts(control("combobox", "Over/under"))).toEqual(["No over/under", "Over", "Under"]);
    expect(screen.queryByRole("spinbutton", { name: "Line" })).toBeNull();
    await chooseGame(user, control("button", "Event"), "Event", lakersGame);
    await user.clear(control("textbox", "Odds"));
    await user.type(control("textbox", "Odds"), "+120");
    await user.selectOptions(control("combobox", "Over/under"), "Over");
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    expect(errorOf(control("textbox", "Description"))).toBe(LEG_MESSAGES.description);
    expect(errorOf(control("spinbutton", "Line"))).toBe(LEG_MESSAGES.required);
    expect(calls).toHaveLength(0);
  });

  it("shows the server's error on a leg's field by its key (legs.0.side)", async () => {
    const user = userEvent.setup();
    const message = "Choose a side this market takes";
    const calls = stubEditor(() => ({
      status: 422,
      body: { error: "Violation of business rules/data integrity took place.", errors: { "legs.0.side": [message] } },
    }));
    const { onSaved } = renderForm(draftPick());
    await user.selectOptions(control("combobox", "Market"), "Moneyline");
    await chooseGame(user, control("button", "Event"), "Event", lakersGame);
    await user.selectOptions(control("combobox", "Side"), "Away");
    await user.type(control("textbox", "Odds"), "+280");
    await user.type(control("spinbutton", "Units"), "1");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const side = control("combobox", "Side");
    await waitFor(() => expect(errorOf(side)).toBe(message));
    expect(side.getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    // Nothing chosen is lost; choosing again clears the message.
    expect((side as HTMLSelectElement).value).toBe("Away");
    await user.selectOptions(side, "Home");
    expect(errorOf(side)).toBe("");
  });

  it("a posted pick shows its bet read-only and sends it back as loaded with the new words", async () => {
    const user = userEvent.setup();
    const publishDate = new Date(Date.now() - 3_600_000).toISOString();
    const legs = [
      { eventId: 11, market: "Spread" as const, side: "Home" as const, line: -4.5, odds: -110, description: null },
      {
        eventId: 12,
        market: "PlayerProp" as const,
        side: "Over" as const,
        line: 27.5,
        odds: 115,
        description: "Jalen Brunson points",
      },
    ];
    const post = makePost({
      postType: "Pick",
      visibility: "Subscribers",
      status: "Published",
      publishDate,
      postedAt: publishDate,
      market: "Parlay",
      legs,
      units: 2,
      selection: "2-leg parlay: …",
      odds: parlayOdds([-110, 115]),
      eventId: 11,
      eventInfo: lakersGame,
    });
    const calls = stubEditor(() => ({ status: 200, body: { payload: post } }), allEvents, [lakersGame, nflGame]);
    const { onSaved } = renderForm(post);
    expect(screen.getByRole("note").textContent).toBe(
      "Posted picks keep their bet: you can still edit the write-up until the event starts.",
    );
    const disabled = (element: HTMLElement) => element.matches(":disabled");
    for (const element of [
      control("combobox", "Market"),
      control("spinbutton", "Units"),
      screen.getByLabelText(/Category/),
      screen.getByRole("radio", { name: "Post" }),
      control("combobox", "Leg 1 Side"),
      control("spinbutton", "Leg 1 Line"),
      control("textbox", "Leg 2 Odds"),
      control("textbox", "Leg 2 Description"),
    ]) {
      expect(disabled(element)).toBe(true);
    }
    await waitFor(() => expect(disabled(control("button", "Leg 2 Event"))).toBe(true));
    expect(screen.queryByRole("button", { name: "Add leg" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Remove leg/ })).toBeNull();
    // The second game is not in the sport's list any more: asked for by its id, its teams name the sides.
    await waitFor(() =>
      expect(control("button", "Leg 2 Event").textContent).toContain("Miami Heat at New York Knicks"),
    );
    expect((control("combobox", "Leg 1 Side") as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      "Los Angeles Lakers (home)",
    );
    expect(screen.getByRole("status", { name: "Your pick" }).textContent).toBe(
      `2-leg parlay: Los Angeles Lakers -4.5 + Jalen Brunson points Over 27.5 at ${formatOdds(parlayOdds([-110, 115]))}, 2 units`,
    );
    // Only the write-up can change: one button, keeping the date.
    expect(screen.queryByRole("button", { name: "Publish now" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Schedule…" })).toBeNull();
    const title = screen.getByLabelText(/Title/);
    await user.clear(title);
    await user.type(title, "Still on the Lakers");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(post, "keep"));
    expect(calls[0].body).toMatchObject({
      title: "Still on the Lakers",
      postType: "Pick",
      market: "Parlay",
      legs,
      units: 2,
      categoryId: 2,
      publishDate,
    });
  });

  it("asks for a time when scheduling and refuses one in the past", async () => {
    const user = userEvent.setup();
    stubEditor(() => ({ status: 500, body: {} }));
    renderForm(makePost());
    await user.click(screen.getByRole("button", { name: "Schedule…" }));
    const when = screen.getByLabelText("Publish at");
    fireEvent.change(when, { target: { value: "2001-01-01T10:00" } });
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(errorOf(when)).toBe(FORM_MESSAGES.scheduleInFuture);
  });

  it("edits the post (its id sent), shows the server's 422 on the fields and at the root, and keeps what was typed", async () => {
    const user = userEvent.setup();
    let answer = {
      status: 422,
      body: {
        error: "Violation of business rules/data integrity took place.",
        errors: { title: ["Must contain at most 1000 character(s)"] },
      } as object,
    };
    const calls = stubEditor(() => answer);
    const { onSaved } = renderForm(makePost());
    const title = screen.getByLabelText(/Title/);
    await user.clear(title);
    await user.type(title, "A sharper title");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(errorOf(title)).toBe("Must contain at most 1000 character(s)"));
    expect(calls[0]).toMatchObject({ url: "/editor", postId: "6f1c2b9e-1111-4222-8333-944455556666" });
    expect(calls[0].body).toMatchObject({
      title: "A sharper title",
      categoryId: 2,
      modalityIds: [1],
      publishDate: null,
      visibility: "Free",
    });
    expect((title as HTMLInputElement).value).toBe("A sharper title");

    answer = { status: 422, body: { error: "This pick's event has started: it can no longer be edited or deleted." } };
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This pick's event has started: it can no longer be edited or deleted.",
    );
    expect(errorOf(title)).toBe("");
    expect(onSaved).not.toHaveBeenCalled();

    const saved = makePost({ title: "A sharper title", status: "Published", publishDate: new Date().toISOString() });
    answer = { status: 200, body: { payload: saved } };
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, "now"));
    expect(typeof calls[2].body).toBe("object");
    expect((calls[2].body as { publishDate: string }).publishDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("a live post is saved in place, keeping its date", async () => {
    const user = userEvent.setup();
    const publishDate = "2026-11-01T09:00:00.000Z";
    const post = makePost({ status: "Published", publishDate });
    const calls = stubEditor(() => ({ status: 200, body: { payload: post } }));
    const { onSaved } = renderForm(post);
    expect(screen.queryByRole("button", { name: "Save draft" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(post, "keep"));
    expect(calls[0].body).toMatchObject({ publishDate });
  });
});

// ---- the dialog, opened by the URL ----------------------------------------------------------

function ShowLocation() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

describe("the dialog", () => {
  it("opens from ?createEditPost=NEW for an expert, and asks before discarding on Escape", async () => {
    const user = userEvent.setup();
    stubEditor(() => ({ status: 500, body: {} }));
    const Stub = createRemixStub([
      {
        path: "/feed",
        Component: () => (
          <ConfirmDialogProvider>
            <ShowLocation />
            <PostEditorHost viewer={{ id: "author-1", roles: ["Expert"] }} />
          </ConfirmDialogProvider>
        ),
      },
      ...editorRoutes(),
    ]);
    render(<Stub initialEntries={["/feed?tab=1&createEditPost=NEW"]} />);
    const dialog = await screen.findByRole("dialog", { name: "New Post/Pick" }, { timeout: 10_000 });
    const title = await within(dialog).findByLabelText(/Title/);
    expect(within(dialog).getByRole("option", { name: "NBA" })).toBeTruthy();
    await user.type(title, "Unsaved words");

    await user.keyboard("{Escape}");
    const confirm = await screen.findByRole("alertdialog", { name: "Discard changes?" });
    await user.click(within(confirm).getByRole("button", { name: "Keep editing" }));
    expect(screen.getByRole("dialog", { name: "New Post/Pick" })).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe("Unsaved words");

    await user.keyboard("{Escape}");
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New Post/Pick" })).toBeNull());
    expect(screen.getByLabelText("location").textContent).toBe("/feed?tab=1");
  });

  it("renders nothing for anyone but an expert", async () => {
    const Stub = createRemixStub([
      { path: "/feed", Component: () => <PostEditorHost viewer={{ id: "u", roles: ["User"] }} /> },
    ]);
    render(<Stub initialEntries={["/feed?createEditPost=NEW"]} />);
    await act(async () => {});
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
