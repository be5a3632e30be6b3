/**
 * What the toolbar and the shortcuts do to a Slate editor (decision 018). Plain functions over
 * `Editor`, no DOM: the toolbar calls them and the tests drive them on `createEditor()`.
 */
import { Editor, Element, Node, Path, Range, Transforms, type Descendant, type Location } from "slate";
import type { EmbedProvider } from "./embeds";
import type { BlockFormat, ImageElement, LinkElement, ListType, Mark, PostElement } from "./slate-types";
import "./slate-types";

export const LIST_TYPES: readonly ListType[] = ["bulleted-list", "numbered-list"];
const INLINE_TYPES = new Set<PostElement["type"]>(["link", "emoji"]);
const VOID_TYPES = new Set<PostElement["type"]>(["image", "video", "embed", "emoji"]);
const HEADING_TYPES = new Set<PostElement["type"]>(["heading-one", "heading-two"]);

export const emptyDocument = (): Descendant[] => [{ type: "paragraph", children: [{ text: "" }] }];

const isList = (type: unknown): type is ListType => LIST_TYPES.includes(type as ListType);

/**
 * Links and emoji sit inside a line; images, embeds and emoji are voids (no text of their own).
 * Enter at the end of a heading starts a paragraph: Slate's own split would copy the heading's
 * type, and whatever was typed next would be published as another heading. Enter on an empty
 * list item leaves the list, as in every word processor, rather than adding another empty one.
 */
export function withPostElements<T extends Editor>(editor: T): T {
  const { isInline, isVoid, markableVoid, insertBreak } = editor;
  editor.insertBreak = () => {
    if (!leaveListFromEmptyItem(editor) && !insertParagraphAfterHeading(editor)) insertBreak();
  };
  editor.isInline = (element) => INLINE_TYPES.has(element.type) || isInline(element);
  editor.isVoid = (element) => VOID_TYPES.has(element.type) || isVoid(element);
  // Bold/italic may cover an emoji like the text around it.
  editor.markableVoid = (element) => element.type === "emoji" || markableVoid(element);
  return editor;
}

/** In an empty list item, the item becomes a paragraph after the list (the list splits if it goes on). */
function leaveListFromEmptyItem(editor: Editor): boolean {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return false;
  const item = Editor.above<PostElement>(editor, {
    match: (node) => Element.isElement(node) && node.type === "list-item",
  });
  if (!item || Node.string(item[0]) !== "" || item[0].children.some((child) => Element.isElement(child))) return false;
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, {
      at: item[1],
      match: (node) => !Editor.isEditor(node) && Element.isElement(node) && isList(node.type),
      split: true,
    });
    // The caret's item, wherever the split put it.
    Transforms.setNodes(
      editor,
      { type: "paragraph" },
      { match: (node) => Element.isElement(node) && node.type === "list-item" },
    );
  });
  return true;
}

/** With the caret at the end of a heading, a new empty paragraph goes after it (and gets the caret). */
function insertParagraphAfterHeading(editor: Editor): boolean {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return false;
  const block = Editor.above<PostElement>(editor, {
    match: (node) => Element.isElement(node) && Editor.isBlock(editor, node),
  });
  if (!block || !HEADING_TYPES.has(block[0].type) || !Editor.isEnd(editor, selection.anchor, block[1])) return false;
  Transforms.insertNodes(
    editor,
    { type: "paragraph", children: [{ text: "" }] },
    { at: Path.next(block[1]), select: true },
  );
  return true;
}

// ---- marks -------------------------------------------------------------------------------

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

// ---- blocks ------------------------------------------------------------------------------

export function isBlockActive(editor: Editor, format: BlockFormat): boolean {
  const { selection } = editor;
  if (!selection) return false;
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, selection),
    match: (node) => !Editor.isEditor(node) && Element.isElement(node) && node.type === format,
  });
  return Boolean(match);
}

/** Headings, quote and paragraph switch the blocks; a list wraps them (or unwraps them when already that list). */
export function toggleBlock(editor: Editor, format: BlockFormat): void {
  const active = isBlockActive(editor, format);
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, {
      match: (node) => !Editor.isEditor(node) && Element.isElement(node) && isList(node.type),
      split: true,
    });
    const type = active || format === "paragraph" ? "paragraph" : isList(format) ? "list-item" : format;
    Transforms.setNodes(
      editor,
      { type },
      { match: (node) => Element.isElement(node) && Editor.isBlock(editor, node) && !editor.isVoid(node) },
    );
    if (!active && isList(format)) Transforms.wrapNodes(editor, { type: format, children: [] });
  });
}

// ---- links -------------------------------------------------------------------------------

export function activeLink(editor: Editor): LinkElement | null {
  if (!editor.selection) return null;
  const [entry] = Editor.nodes(editor, { match: (node) => Element.isElement(node) && node.type === "link" });
  return entry ? (entry[0] as LinkElement) : null;
}

export function unwrapLink(editor: Editor): void {
  Transforms.unwrapNodes(editor, { match: (node) => Element.isElement(node) && node.type === "link" });
}

/**
 * Links the selected text to `url` (replacing a link already there); with nothing selected,
 * inserts `text` (or the URL itself) as a new link. `at` restores a selection the editor lost
 * when focus moved to the link form.
 */
export function insertLink(editor: Editor, url: string, options: { text?: string; at?: Range | null } = {}): void {
  selectForInsert(editor, options.at);
  if (activeLink(editor)) unwrapLink(editor);
  const selection = editor.selection;
  const collapsed = !selection || Range.isCollapsed(selection);
  if (collapsed) {
    const text = options.text?.trim() || url;
    Transforms.insertNodes(editor, { type: "link", url, children: [{ text }] });
  } else {
    Transforms.wrapNodes(editor, { type: "link", url, children: [] }, { split: true });
    Transforms.collapse(editor, { edge: "end" });
  }
}

// ---- voids -------------------------------------------------------------------------------

/** Puts the cursor back where it was, or at the end of the document when there is nowhere. */
function selectForInsert(editor: Editor, at: Range | null | undefined) {
  if (at && Range.isRange(at) && rangeExists(editor, at)) Transforms.select(editor, at);
  else if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
}

function rangeExists(editor: Editor, range: Range): boolean {
  return Node.has(editor, range.anchor.path) && Node.has(editor, range.focus.path);
}

/**
 * A block void goes at the top level after the current block (splitting it at the cursor),
 * followed by an empty paragraph to keep typing in; an empty paragraph it was typed into goes.
 */
function insertBlockVoid(editor: Editor, node: PostElement, at?: Range | null) {
  selectForInsert(editor, at);
  const top = Editor.above<PostElement>(editor, {
    match: (candidate) => Element.isElement(candidate) && Editor.isBlock(editor, candidate),
    mode: "highest",
  });
  const emptyParagraph = top && top[0].type === "paragraph" && Editor.isEmpty(editor, top[0]) ? top[1] : null;
  Transforms.insertNodes(editor, [node, { type: "paragraph", children: [{ text: "" }] }], { mode: "highest" });
  if (emptyParagraph) Transforms.removeNodes(editor, { at: emptyParagraph });
}

export function insertImage(
  editor: Editor,
  image: { url?: string; uploadId?: string; alt?: string },
  at?: Range | null,
): void {
  const node: ImageElement = { type: "image", url: image.url ?? "", children: [{ text: "" }] };
  if (image.uploadId) node.uploadId = image.uploadId;
  if (image.alt) node.alt = image.alt;
  insertBlockVoid(editor, node, at);
}

export function insertVideo(editor: Editor, video: { uploadId: string }, at?: Range | null): void {
  insertBlockVoid(editor, { type: "video", key: "", uploadId: video.uploadId, children: [{ text: "" }] }, at);
}

export function insertEmbed(editor: Editor, embed: { url: string; provider: EmbedProvider }, at?: Range | null): void {
  insertBlockVoid(editor, { type: "embed", url: embed.url, provider: embed.provider, children: [{ text: "" }] }, at);
}

export function insertEmoji(editor: Editor, emoji: string, at?: Range | null): void {
  selectForInsert(editor, at);
  Transforms.insertNodes(editor, { type: "emoji", emoji, children: [{ text: "" }] });
  Transforms.move(editor);
}

// ---- uploads in the document -------------------------------------------------------------

export function findUploadPath(editor: Editor, uploadId: string): Path | null {
  const [entry] = Editor.nodes(editor, {
    at: [],
    match: (node) =>
      Element.isElement(node) && (node.type === "image" || node.type === "video") && node.uploadId === uploadId,
  });
  return entry ? entry[1] : null;
}

/** The upload finished: the image now points at the stored file (and knows its size when the server measured it). */
export function completeUpload(
  editor: Editor,
  uploadId: string,
  url: string,
  size: { width: number | null; height: number | null } = { width: null, height: null },
): boolean {
  const path = findUploadPath(editor, uploadId);
  if (!path) return false;
  const measured = size.width && size.height ? { width: size.width, height: size.height } : {};
  Transforms.setNodes(editor, { url, ...measured }, { at: path });
  Transforms.unsetNodes(editor, "uploadId", { at: path });
  return true;
}

/** The video's upload finished: the block now names the stored file, its address and its poster. */
export function completeVideoUpload(
  editor: Editor,
  uploadId: string,
  video: { key: string; src: string; poster: string | null },
): boolean {
  const path = findUploadPath(editor, uploadId);
  if (!path) return false;
  Transforms.setNodes(
    editor,
    { key: video.key, src: video.src, ...(video.poster ? { poster: video.poster } : {}) },
    { at: path },
  );
  Transforms.unsetNodes(editor, "uploadId", { at: path });
  return true;
}

export function removeNodeAt(editor: Editor, at: Location): void {
  Transforms.removeNodes(editor, { at });
  if (editor.children.length === 0) Transforms.insertNodes(editor, emptyDocument());
}

// ---- shortcuts ---------------------------------------------------------------------------

export const MARK_SHORTCUTS: Record<string, Mark> = { b: "bold", i: "italic" };

/** Mod+B and Mod+I (Cmd on a Mac, Ctrl elsewhere). Answers whether the key was handled. */
export function handleShortcut(
  editor: Editor,
  event: { key: string; metaKey: boolean; ctrlKey: boolean; altKey: boolean; shiftKey: boolean },
): boolean {
  if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return false;
  const mark = MARK_SHORTCUTS[event.key.toLowerCase()];
  if (!mark) return false;
  toggleMark(editor, mark);
  return true;
}

// ---- the stored document -----------------------------------------------------------------

/** Images and videos still uploading (or whose upload failed) have no `url` or `key` yet. */
export function pendingImages(nodes: Descendant[]): number {
  let count = 0;
  const visit = (node: Descendant) => {
    if (!Element.isElement(node)) return;
    if (node.type === "image" && (node.uploadId || !node.url)) count += 1;
    if (node.type === "video" && (node.uploadId || !node.key)) count += 1;
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return count;
}

/** Image and video files dropped or pasted into the body go to `onFiles` (to upload); anything else is pasted as usual. */
export function withImageFiles<T extends Editor & { insertData: (data: DataTransfer) => void }>(
  editor: T,
  onFiles: (files: File[]) => void,
): T {
  const { insertData } = editor;
  editor.insertData = (data) => {
    const files = Array.from(data.files ?? []).filter(
      (file) => file.type.startsWith("image/") || file.type.startsWith("video/"),
    );
    if (files.length > 0) onFiles(files);
    else insertData(data);
  };
  return editor;
}
