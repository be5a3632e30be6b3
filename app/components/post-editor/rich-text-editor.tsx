/**
 * The post body editor (decision 018): Slate with history, a toolbar whose buttons carry labels
 * and pressed states, Mod+B / Mod+I, links, images (picked, dropped or pasted; uploaded with a
 * progress bar and Retry), YouTube/X embeds and emoji. Elements are the contract's types
 * (slate-types.ts), drawn here for editing; the reader has its own renderer.
 */
import { clsx } from "clsx";
import { useCallback, useRef, useState, type KeyboardEvent } from "react";
import { createEditor, type Descendant } from "slate";
import { withHistory } from "slate-history";
import {
  Editable,
  Slate,
  withReact,
  type RenderElementProps,
  type RenderLeafProps,
  type RenderPlaceholderProps,
} from "slate-react";
import { handleShortcut, withImageFiles, withPostElements } from "./editor-commands";
import { ImageUploadsContext, useImageUploads } from "./image-uploads";
import type { PostEditor } from "./slate-types";
import { EditorElement, EditorLeaf } from "./editor-elements";
import { Toolbar } from "./editor-toolbar";

export function createPostEditor(): PostEditor {
  return withPostElements(withHistory(withReact(createEditor())));
}

/**
 * Slate draws its placeholder in the text colour at a third opacity, 2.1:1 on white: shown at
 * full opacity in slate-500 instead (4.8:1, WCAG AA).
 */
function renderPlaceholder({ attributes, children }: RenderPlaceholderProps) {
  return (
    <span {...attributes} style={{ ...attributes.style, opacity: 1 }} className="text-slate-500">
      {children}
    </span>
  );
}

export function RichTextEditor({
  initialValue,
  onChange,
  labelId,
  errorId,
  invalid,
}: {
  initialValue: Descendant[];
  onChange: (value: Descendant[]) => void;
  labelId: string;
  errorId: string;
  invalid: boolean;
}) {
  // Dropped and pasted image files upload like picked ones (the uploader comes from a hook below).
  const addFiles = useRef<(files: File[]) => void>(() => {});
  const [editor] = useState(() => withImageFiles(createPostEditor(), (files) => addFiles.current(files)));
  const uploads = useImageUploads(editor);
  addFiles.current = uploads.add;

  const renderElement = useCallback((props: RenderElementProps) => <EditorElement {...props} />, []);
  const renderLeaf = useCallback((props: RenderLeafProps) => <EditorLeaf {...props} />, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (handleShortcut(editor, event)) event.preventDefault();
  }

  return (
    <ImageUploadsContext.Provider value={uploads}>
      <Slate editor={editor} initialValue={initialValue} onValueChange={(value) => onChange(value)}>
        <div
          className={clsx(
            "mt-1 rounded-lg border bg-white shadow-sm focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600",
            invalid ? "border-danger" : "border-slate-300",
          )}
        >
          <Toolbar />
          <Editable
            aria-labelledby={labelId}
            aria-describedby={errorId}
            aria-invalid={invalid || undefined}
            renderElement={renderElement}
            renderLeaf={renderLeaf}
            onKeyDown={onKeyDown}
            placeholder="Write your post…"
            renderPlaceholder={renderPlaceholder}
            spellCheck
            // Slate sets a min-height of its own (the placeholder's); this one wins.
            style={{ minHeight: "12rem" }}
            className="px-3 py-3 text-sm leading-relaxed text-slate-900 outline-none [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&>*+*]:mt-3"
          />
        </div>
      </Slate>
    </ImageUploadsContext.Provider>
  );
}
