/**
 * The create/edit post dialog (decision 018): embed and link rules, the toolbar's commands on a
 * real Slate editor (no DOM selection needed), the form's validation and the server's errors,
 * the Post/Pick switch, and the dialog opened by `?createEditPost=` asking before discarding.
 */
import { createRemixStub } from "@remix-run/testing";
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
import { FORM_MESSAGES, serverErrors, toPayload, validatePost, initialValues, type PostFormValues } from "~/components/post-editor/post-form-model";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { POST_MESSAGES } from "~/modules/posts/post-schema";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { isBodyNonEmpty } from "~/modules/posts/slate";

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
    ["https://twitter.com/SharpSide/status/1790000000000000001?s=20", "https://x.com/SharpSide/status/1790000000000000001"],
    ["https://mobile.twitter.com/SharpSide/status/1790000000000000001/photo/1", "https://x.com/SharpSide/status/1790000000000000001"],
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
    for (const bad of ["", "javascript:alert(1)", "data:text/html,hi", "mailto:a@b.c", "//evil.example", "/\\evil.example", "word"]) {
      expect(normalizeLinkUrl(bad)).toBeNull();
    }
  });

  it("is internal only for a relative path or the site's own origin (SPEC.md section 5)", () => {
    const site = "https://sharpside.example";
    expect(isInternalLink("/posts/1", site)).toBe(true);
    expect(isInternalLink("https://sharpside.example/posts/1", site)).toBe(true);
    expect(isInternalLink("http://sharpside.example/posts/1", site)).toBe(false);
    expect(isInternalLink("https://sharpside.example.evil.com/", site)).toBe(false);
    expect(isInternalLink("//sharpside.example/x", site)).toBe(false);
    expect(linkAttributes("/feed", site)).toEqual({ href: "/feed" });
    expect(linkAttributes("https://example.com/", site)).toEqual({ href: "https://example.com/", target: "_blank", rel: "nofollow noopener noreferrer" });
  });
});

// ---- the toolbar's commands on a Slate editor ---------------------------------------------

function editorWith(children: Descendant[]) {
  const editor = withPostElements(withHistory(createEditor()));
  editor.children = children;
  return editor;
}

const paragraph = (text: string): Descendant => ({ type: "paragraph", children: [{ text }] });
const key = (k: string, mods: Partial<{ metaKey: boolean; ctrlKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
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
    expect(editor.children[0]).toEqual({ type: "paragraph", children: [{ text: "Hello", bold: true }, { text: " world" }] });
    expect(isMarkActive(editor, "bold")).toBe(true);

    expect(handleShortcut(editor, key("i", { ctrlKey: true }))).toBe(true);
    expect(isMarkActive(editor, "italic")).toBe(true);
    expect(handleShortcut(editor, key("B", { metaKey: true }))).toBe(true);
    expect(isMarkActive(editor, "bold")).toBe(false);
    expect(editor.children[0]).toEqual({ type: "paragraph", children: [{ text: "Hello", italic: true }, { text: " world" }] });

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
      children: [{ text: "Read the " }, { type: "link", url: "https://example.com/preview", children: [{ text: "preview" }] }, { text: "" }],
    });

    const empty = editorWith([paragraph("See ")]);
    Transforms.select(empty, Editor.end(empty, []));
    insertLink(empty, "/experts/LeBronPicks");
    expect(empty.children[0]).toEqual({
      type: "paragraph",
      children: [{ text: "See " }, { type: "link", url: "/experts/LeBronPicks", children: [{ text: "/experts/LeBronPicks" }] }, { text: "" }],
    });
  });

  it("emoji go inline; embeds and images go in as blocks with a paragraph after them", () => {
    const editor = editorWith([paragraph("Hot take")]);
    Transforms.select(editor, Editor.end(editor, []));
    insertEmoji(editor, "🔥");
    expect(editor.children[0]).toEqual({ type: "paragraph", children: [{ text: "Hot take" }, { type: "emoji", emoji: "🔥", children: [{ text: "" }] }, { text: "" }] });
    expect(editor.isInline((editor.children[0] as Element & { children: Element[] }).children[1])).toBe(true);

    insertEmbed(editor, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", provider: "youtube" });
    expect(editor.children.slice(1)).toEqual([
      { type: "embed", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", provider: "youtube", children: [{ text: "" }] },
      paragraph(""),
    ]);
  });

  it("an embed in an empty document replaces the empty paragraph and counts as content", () => {
    const editor = editorWith(emptyDocument());
    expect(isBodyNonEmpty(editor.children)).toBe(false);
    insertEmbed(editor, { url: "https://x.com/SharpSide/status/1", provider: "x" });
    expect(editor.children).toEqual([{ type: "embed", url: "https://x.com/SharpSide/status/1", provider: "x", children: [{ text: "" }] }, paragraph("")]);
    expect(isBodyNonEmpty(editor.children)).toBe(true);
  });

  it("an uploading image holds the save back until the upload gives it its url", () => {
    const editor = editorWith(emptyDocument());
    insertImage(editor, { uploadId: "upload-1" });
    expect(pendingImages(editor.children)).toBe(1);
    expect(completeUpload(editor, "upload-1", "uploads/user/picture.png", { width: 1200, height: 675 })).toBe(true);
    expect(editor.children[0]).toEqual({ type: "image", url: "uploads/user/picture.png", width: 1200, height: 675, children: [{ text: "" }] });
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
    author: { id: "author-1", userName: "LeBronPicks", firstName: "Marcus", lastName: "Reed", avatar: "" },
    likesCount: 0,
    commentsCount: 0,
    createdAt: "2026-11-20T10:00:00.000Z",
    metadata: { isNotifyRequested: false },
    ...overrides,
  } as PostDTO;
}

function renderForm(post: PostDTO | null = null) {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  const dirty = { current: false };
  render(<PostForm post={post} categories={categories} modalities={modalities} dirty={dirty} onCancel={onCancel} onSaved={onSaved} />);
  return { onSaved, onCancel, dirty };
}

/** The error shown under a control (the `…-error` element its aria-describedby names). */
function errorOf(control: HTMLElement): string {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id.endsWith("-error"));
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join("");
}

/** The browser's fetch answering the API; the requests are kept (but the event list's). */
function stubApi(answer: (url: string, init: RequestInit) => { status: number; body: unknown }) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      // The event select asks for the category's games: none today.
      if (url.startsWith("/api/events")) return new Response(JSON.stringify({ items: [], meta: {} }), { status: 200 });
      calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = answer(url, init);
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

describe("the form's model", () => {
  const filled = (overrides: Partial<PostFormValues> = {}): PostFormValues => ({
    ...initialValues(null),
    title: "  A title  ",
    body: [paragraph("Some text")],
    categoryId: "2",
    ...overrides,
  });

  it("builds the API's JSON: numbers from typed text, visibility from the type, the publish date from the choice", () => {
    const now = new Date("2026-11-23T12:00:00.000Z");
    expect(toPayload(filled(), { kind: "draft" }, now)).toMatchObject({ postType: "Post", title: "A title", visibility: "Free", categoryId: 2, coverImage: null, publishDate: null });
    expect(toPayload(filled(), { kind: "now" }, now).publishDate).toBe(now.toISOString());
    const pick = toPayload(filled({ postType: "Pick", selection: " Lakers -4.5 ", odds: "+150", units: "1.5" }), { kind: "keep", publishDate: "2026-11-01T00:00:00.000Z" }, now);
    expect(pick).toMatchObject({ visibility: "Subscribers", selection: "Lakers -4.5", odds: 150, units: 1.5, publishDate: "2026-11-01T00:00:00.000Z" });
    // A Post never sends pick fields, whatever was typed before switching.
    expect(toPayload(filled({ selection: "x", odds: "-110" }), { kind: "now" }, now)).toMatchObject({ selection: undefined, odds: undefined });
  });

  it("finds what the server would refuse, plus a schedule in the past and images still uploading", () => {
    const now = new Date();
    const empty = validatePost(initialValues(null), { kind: "now" }, now);
    expect(empty.fields).toMatchObject({ title: [POST_MESSAGES.required], body: [POST_MESSAGES.required], categoryId: [POST_MESSAGES.required] });

    const pick = validatePost(filled({ postType: "Pick", odds: "abc", units: "11" }), { kind: "schedule", at: "2001-01-01T10:00" }, now);
    expect(pick.fields).toMatchObject({
      selection: [POST_MESSAGES.required],
      odds: [POST_MESSAGES.required],
      units: [POST_MESSAGES.units],
      publishDate: [FORM_MESSAGES.scheduleInFuture],
    });
    expect(validatePost(filled({ postType: "Pick", selection: "Lakers", odds: "-99", units: "1" }), { kind: "now" }, now).fields).toEqual({ odds: [POST_MESSAGES.odds] });

    const uploading = validatePost(filled({ body: [paragraph("x"), { type: "image", url: "", uploadId: "u1", children: [{ text: "" }] }] }), { kind: "now" }, now);
    expect(uploading.root).toEqual([FORM_MESSAGES.imagesPending]);
    expect(validatePost(filled(), { kind: "now" }, now)).toEqual({ fields: {}, root: [] });
  });

  it("puts the server's field errors on their fields and a lone message at the root", () => {
    expect(serverErrors({ error: "Violation of business rules/data integrity took place.", errors: { eventId: ["Unknown event"], visibility: ["Nope"] } })).toEqual({
      fields: { eventId: ["Unknown event"] },
      root: ["Nope"],
    });
    expect(serverErrors({ error: "This pick has been graded: it can no longer be edited or deleted." })).toEqual({
      fields: {},
      root: ["This pick has been graded: it can no longer be edited or deleted."],
    });
  });
});

describe("the form", () => {
  it("shows the pick fields only for a Pick", async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByLabelText(/Selection/)).toBeNull();
    expect((screen.getByRole("radio", { name: "Post" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: "Pick" }));
    expect((screen.getByRole("radio", { name: "Pick" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("group", { name: "The pick" })).toBeTruthy();
    expect(screen.getByLabelText(/Selection/)).toBeTruthy();
    expect(screen.getByLabelText(/Odds/)).toBeTruthy();
    expect(screen.getByLabelText(/Units/)).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Analysis/ })).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "Post" }));
    expect(screen.queryByLabelText(/Selection/)).toBeNull();
  });

  it("shows each field's message on Publish and sends nothing", async () => {
    const user = userEvent.setup();
    const calls = stubApi(() => ({ status: 500, body: {} }));
    renderForm();
    await user.click(screen.getByRole("radio", { name: "Pick" }));
    await user.type(screen.getByLabelText(/Units/), "12");
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    const title = screen.getByLabelText(/Title/);
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(title)).toBe("Required");
    expect(errorOf(screen.getByLabelText(/Category/))).toBe("Required");
    expect(errorOf(screen.getByRole("textbox", { name: /Analysis/ }))).toBe("Required");
    expect(errorOf(screen.getByLabelText(/Selection/))).toBe("Required");
    expect(errorOf(screen.getByLabelText(/Units/))).toBe(POST_MESSAGES.units);
    expect(calls).toHaveLength(0);
    // Typing clears that field's message.
    await user.type(title, "x");
    expect(errorOf(title)).toBe("");
  });

  it("asks for a time when scheduling and refuses one in the past", async () => {
    const user = userEvent.setup();
    renderForm(makePost());
    await user.click(screen.getByRole("button", { name: "Schedule…" }));
    const when = screen.getByLabelText("Publish at");
    fireEvent.change(when, { target: { value: "2001-01-01T10:00" } });
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(errorOf(when)).toBe(FORM_MESSAGES.scheduleInFuture);
  });

  it("edits with PUT, shows the server's 422 on the fields and at the root, and keeps what was typed", async () => {
    const user = userEvent.setup();
    let answer = { status: 422, body: { error: "Violation of business rules/data integrity took place.", errors: { title: ["Must contain at most 1000 character(s)"] } } as object };
    const calls = stubApi(() => answer);
    const { onSaved } = renderForm(makePost());
    const title = screen.getByLabelText(/Title/);
    await user.clear(title);
    await user.type(title, "A sharper title");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(errorOf(title)).toBe("Must contain at most 1000 character(s)"));
    expect(calls[0]).toMatchObject({ url: "/api/posts/6f1c2b9e-1111-4222-8333-944455556666", method: "PUT" });
    expect(calls[0].body).toMatchObject({ title: "A sharper title", categoryId: 2, modalityIds: [1], publishDate: null, visibility: "Free" });
    expect((title as HTMLInputElement).value).toBe("A sharper title");

    answer = { status: 422, body: { error: "This pick's event has started: it can no longer be edited or deleted." } };
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This pick's event has started: it can no longer be edited or deleted.");
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
    const calls = stubApi(() => ({ status: 200, body: { payload: post } }));
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
    stubApi((url) => ({ status: 200, body: { items: url.includes("categories") ? categories : modalities, meta: {} } }));
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
    const Stub = createRemixStub([{ path: "/feed", Component: () => <PostEditorHost viewer={{ id: "u", roles: ["User"] }} /> }]);
    render(<Stub initialEntries={["/feed?createEditPost=NEW"]} />);
    await act(async () => {});
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
