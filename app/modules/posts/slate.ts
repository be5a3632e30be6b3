/**
 * Slate documents as posts store them (product.md "Validation"): an array of blocks; a block has a
 * `type` and `children`; a leaf has `text` (and marks). Void blocks (image, video, embed, emoji)
 * carry their content in `url`/`src`/`key`/`emoji`. Pure and client-safe: shared by the server and the editor.
 */

export type SlateNode = { type?: unknown; text?: unknown; children?: unknown; [key: string]: unknown };

/** Blocks that count as content by themselves when they carry something (product.md "Validation"). */
export const CONTENT_BLOCKS = ["image", "video", "embed", "emoji"] as const;

const isObject = (value: unknown): value is SlateNode =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const childrenOf = (node: SlateNode): SlateNode[] =>
  Array.isArray(node.children) ? node.children.filter(isObject) : [];

function blockHasContent(node: SlateNode): boolean {
  for (const key of ["url", "src", "key", "emoji", "value"]) {
    const value = node[key];
    if (typeof value === "string" && value.trim() !== "") return true;
  }
  return false;
}

/** Does this node (or anything below it) have text other than spaces, or a content block with content? */
function nodeIsNonEmpty(node: SlateNode): boolean {
  if (typeof node.text === "string" && node.text.trim() !== "") return true;
  if (
    typeof node.type === "string" &&
    (CONTENT_BLOCKS as readonly string[]).includes(node.type) &&
    blockHasContent(node)
  )
    return true;
  return childrenOf(node).some(nodeIsNonEmpty);
}

/** product.md "Validation": non-empty if it has text other than spaces, or an embed, emoji or image block with content. */
export function isBodyNonEmpty(body: unknown): boolean {
  return Array.isArray(body) && body.filter(isObject).some(nodeIsNonEmpty);
}

/** Elements that sit inside a line of text; every other element is a block of its own. */
const INLINE_TYPES: readonly unknown[] = ["link", "emoji"];
const isBlockElement = (node: SlateNode) => typeof node.text !== "string" && !INLINE_TYPES.includes(node.type);

/** Pieces of text, a line break between two where either is a block (list items, a list's paragraphs…). */
function joinText(nodes: SlateNode[]): string {
  let text = "";
  nodes.forEach((node, index) => {
    if (index > 0 && (isBlockElement(node) || isBlockElement(nodes[index - 1]))) text += "\n";
    text += plainText(node);
  });
  return text;
}

/**
 * The plain text of a node, or of a whole document (an array of blocks). Blocks are kept apart by
 * a line break, so a list's items ("Miami", "Pace: slower…") never run into one word; text and
 * inline elements within a line are joined as they are.
 */
export function plainText(node: unknown): string {
  if (Array.isArray(node)) return joinText(node.filter(isObject));
  if (!isObject(node)) return "";
  if (typeof node.text === "string") return node.text;
  return joinText(childrenOf(node));
}

export const PREVIEW_MAX_CHARACTERS = 300;
export const PREVIEW_MAX_BLOCKS = 5;

const isVoidBlock = (node: SlateNode) =>
  typeof node.type === "string" && (CONTENT_BLOCKS as readonly string[]).includes(node.type) && node.type !== "emoji";

/** A copy of `node` keeping at most `budget.left` characters of text; images and embeds are left out. */
function truncateNode(node: SlateNode, budget: { left: number }): SlateNode | null {
  if (typeof node.text === "string") {
    if (budget.left <= 0) return null;
    const text = node.text.slice(0, budget.left);
    budget.left -= text.length;
    return { ...node, text };
  }
  if (isVoidBlock(node)) return null;
  if (node.type === "emoji") return { ...node };
  const children: SlateNode[] = [];
  for (const child of childrenOf(node)) {
    if (budget.left <= 0) break;
    const kept = truncateNode(child, budget);
    if (kept) children.push(kept);
  }
  if (children.length === 0) return null;
  return { ...node, children };
}

/**
 * The preview locked readers see (product.md "Validation"): the opening of the body, at most 300
 * characters in at most 5 blocks. Only text blocks are kept (images and embeds are left out, so a
 * preview never carries a Pick's media). `previewText` is its plain text on one line: blocks, list
 * items included, are joined by a space.
 */
export function buildPreview(body: unknown): { preview: SlateNode[]; previewText: string } {
  const budget = { left: PREVIEW_MAX_CHARACTERS };
  const preview: SlateNode[] = [];
  const blocks = Array.isArray(body) ? body.filter(isObject) : [];
  for (const block of blocks) {
    if (preview.length >= PREVIEW_MAX_BLOCKS || budget.left <= 0) break;
    if (!nodeIsNonEmpty(block)) continue;
    const kept = truncateNode(block, budget);
    if (kept && nodeIsNonEmpty(kept)) preview.push(kept);
  }
  const previewText = preview
    .map((block) => plainText(block).replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(" ");
  return { preview, previewText };
}
