/**
 * The Slate document of a post (the contract of app/modules/posts/slate.ts): the element
 * types the editor writes and the reader (app/components/posts/slate-render.tsx) renders.
 * Declared once for slate's `CustomTypes` so editor code is typed end to end.
 */
import type { BaseEditor, Descendant } from "slate";
import type { HistoryEditor } from "slate-history";
import type { ReactEditor } from "slate-react";
import type { EmbedProvider } from "./embeds";

export type PostText = { text: string; bold?: true; italic?: true };
export type Mark = "bold" | "italic";

export type TextBlockType = "paragraph" | "heading-one" | "heading-two" | "block-quote" | "list-item";
export type ListType = "bulleted-list" | "numbered-list";
/** What a toolbar block button turns the current blocks into. */
export type BlockFormat = Exclude<TextBlockType, "list-item"> | ListType;

export type TextBlockElement = { type: TextBlockType; children: Descendant[] };
export type ListElement = { type: ListType; children: Descendant[] };
export type LinkElement = { type: "link"; url: string; children: PostText[] };
/**
 * `url` is the storage key once uploaded; `width`/`height` (the stored image's, when known) let
 * the reader reserve its space; `uploadId` only lives in the editor while uploading.
 */
export type ImageElement = {
  type: "image";
  url: string;
  alt?: string;
  width?: number;
  height?: number;
  uploadId?: string;
  children: PostText[];
};
/**
 * An expert's own video (mp4, webm): `key` is the stored file's once uploaded; `src` is the
 * address the server signed when it handed the body out (never trusted back); `poster` is the
 * image key of a frame the browser took from the file.
 */
export type VideoElement = {
  type: "video";
  key: string;
  src?: string;
  poster?: string;
  uploadId?: string;
  children: PostText[];
};
export type EmbedElement = { type: "embed"; url: string; provider: EmbedProvider; children: PostText[] };
export type EmojiElement = { type: "emoji"; emoji: string; children: PostText[] };

export type PostElement =
  TextBlockElement | ListElement | LinkElement | ImageElement | VideoElement | EmbedElement | EmojiElement;
export type PostEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module "slate" {
  interface CustomTypes {
    Editor: PostEditor;
    Element: PostElement;
    Text: PostText;
  }
}
