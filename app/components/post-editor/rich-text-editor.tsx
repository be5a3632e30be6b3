/**
 * The post body editor (decision 018): Slate with history, a toolbar whose buttons carry labels
 * and pressed states, Mod+B / Mod+I, links, images (picked, dropped or pasted; uploaded with a
 * progress bar and Retry), YouTube/X embeds and emoji. Elements are the contract's types
 * (slate-types.ts), drawn here for editing; the reader has its own renderer.
 */
import * as Popover from "@radix-ui/react-popover";
import { clsx } from "clsx";
import {
  Bold,
  Heading1,
  Heading2,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  MonitorPlay,
  Pilcrow,
  Quote,
  RotateCcw,
  Smile,
  Trash2,
  type LucideIcon,
} from "lucide-react";
import {
  forwardRef,
  useCallback,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { createEditor, Editor, Transforms, type Descendant, type Range } from "slate";
import { withHistory } from "slate-history";
import {
  Editable,
  ReactEditor,
  Slate,
  useSlate,
  useSlateStatic,
  withReact,
  type RenderElementProps,
  type RenderLeafProps,
  type RenderPlaceholderProps,
} from "slate-react";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { IMAGE_MIME_TYPES } from "~/modules/uploads/upload-types";
import {
  activeLink,
  handleShortcut,
  insertEmbed,
  insertEmoji,
  insertLink,
  isBlockActive,
  isMarkActive,
  removeNodeAt,
  toggleBlock,
  toggleMark,
  unwrapLink,
  withImageFiles,
  withPostElements,
} from "./editor-commands";
import { EMBED_ERROR, parseEmbedUrl } from "./embeds";
import { EMOJI } from "./emoji";
import { EmojiGlyph } from "./emoji-glyph";
import { ImageUploadsContext, useImageUploads, useImageUploadsContext } from "./image-uploads";
import { LINK_ERROR, normalizeLinkUrl } from "./links";
import type { BlockFormat, EmbedElement, ImageElement, Mark, PostEditor } from "./slate-types";

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

// ---- toolbar -----------------------------------------------------------------------------

const toolButtonClass =
  "inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white data-[state=open]:bg-slate-100";

const BLOCK_BUTTONS: { format: BlockFormat; label: string; icon: LucideIcon }[] = [
  { format: "paragraph", label: "Paragraph", icon: Pilcrow },
  { format: "heading-one", label: "Heading 1", icon: Heading1 },
  { format: "heading-two", label: "Heading 2", icon: Heading2 },
];
const LIST_BUTTONS: { format: BlockFormat; label: string; icon: LucideIcon }[] = [
  { format: "bulleted-list", label: "Bulleted list", icon: List },
  { format: "numbered-list", label: "Numbered list", icon: ListOrdered },
  { format: "block-quote", label: "Quote", icon: Quote },
];
const MARK_BUTTONS: { mark: Mark; label: string; shortcut: string; icon: LucideIcon }[] = [
  { mark: "bold", label: "Bold", shortcut: "Mod+B", icon: Bold },
  { mark: "italic", label: "Italic", shortcut: "Mod+I", icon: Italic },
];

/** Keeps the editor's selection when a toolbar button is clicked with the mouse. */
const keepSelection = (event: { preventDefault: () => void }) => event.preventDefault();

/**
 * A formatting command acts on the editor's selection. A keyboard user who tabs to a toolbar
 * button before ever entering the body has none, and the command would do nothing: the caret is
 * put at the start first, as focusing the body would. Then the body gets the focus back.
 */
function runOnSelection(editor: Editor, command: () => void) {
  if (!editor.selection) Transforms.select(editor, Editor.start(editor, []));
  command();
  ReactEditor.focus(editor);
}

function Toolbar() {
  const editor = useSlate();
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 px-1.5 py-1"
    >
      {BLOCK_BUTTONS.map((button) => (
        <BlockButton key={button.format} {...button} />
      ))}
      <Separator />
      {MARK_BUTTONS.map(({ mark, label, shortcut, icon }) => (
        <ToolButton
          key={mark}
          label={label}
          icon={icon}
          aria-keyshortcuts={shortcut.replace("Mod", "Control")}
          title={`${label} (${shortcut.replace("Mod", "Ctrl/⌘")})`}
          pressed={isMarkActive(editor, mark)}
          onClick={() => runOnSelection(editor, () => toggleMark(editor, mark))}
        />
      ))}
      <Separator />
      {LIST_BUTTONS.map((button) => (
        <BlockButton key={button.format} {...button} />
      ))}
      <Separator />
      <LinkButton />
      <ImageButton />
      <EmbedButton />
      <EmojiButton />
    </div>
  );
}

/**
 * One toolbar button: icon only, named for assistive technology, keeping the editor's selection
 * when clicked with the mouse. Forwards its ref and props, so a Radix trigger can wrap it.
 */
const ToolButton = forwardRef<
  HTMLButtonElement,
  { label: string; icon: LucideIcon; pressed?: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-pressed">
>(function ToolButton({ label, icon: Icon, pressed, title, ...rest }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      className={toolButtonClass}
      aria-label={label}
      title={title ?? label}
      aria-pressed={pressed}
      onMouseDown={keepSelection}
      {...rest}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
});

function BlockButton({ format, label, icon }: { format: BlockFormat; label: string; icon: LucideIcon }) {
  const editor = useSlate();
  return (
    <ToolButton
      label={label}
      icon={icon}
      pressed={isBlockActive(editor, format)}
      onClick={() => runOnSelection(editor, () => toggleBlock(editor, format))}
    />
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-slate-200" />;
}

/** A toolbar button opening a small form; the editor's selection is kept for when it is submitted. */
function ToolPopover({
  label,
  icon,
  pressed,
  open,
  onOpenChange,
  children,
}: {
  label: string;
  icon: LucideIcon;
  pressed?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <ToolButton label={label} icon={icon} pressed={pressed} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-[60] w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

const smallInputClass =
  "block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-danger";
const smallPrimaryClass = "rounded-full bg-ink px-4 py-1.5 text-sm font-semibold text-white hover:bg-slate-800";
const smallSecondaryClass =
  "rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100";

/** The URL form shared by links and embeds: one field, an inline error, Enter submits. */
function UrlForm({
  label,
  submitLabel,
  initialUrl = "",
  parse,
  onSubmit,
  extra,
}: {
  label: string;
  submitLabel: string;
  initialUrl?: string;
  parse: (text: string) => string | null;
  onSubmit: (url: string) => void;
  extra?: ReactNode;
}) {
  const id = useId();
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    // The popover is portalled, but React still bubbles its submit to the dialog's form.
    event.preventDefault();
    event.stopPropagation();
    const problem = parse(url);
    if (problem) setError(problem);
    else onSubmit(url);
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <label htmlFor={`${id}-url`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
        placeholder="https://"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className={smallInputClass}
      />
      <p id={`${id}-error`} role="alert" className="text-sm text-danger empty:hidden">
        {error}
      </p>
      <div className="flex justify-end gap-2">
        {extra}
        <button type="submit" className={smallPrimaryClass}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

function LinkButton() {
  const editor = useSlate();
  const [open, setOpen] = useState(false);
  const saved = useRef<Range | null>(null);
  const link = activeLink(editor);
  function onOpenChange(next: boolean) {
    if (next) saved.current = editor.selection;
    setOpen(next);
  }
  function done() {
    setOpen(false);
    ReactEditor.focus(editor);
  }
  return (
    <ToolPopover label="Link" icon={LinkIcon} pressed={Boolean(link)} open={open} onOpenChange={onOpenChange}>
      <UrlForm
        label="Link address"
        submitLabel={link ? "Update link" : "Add link"}
        initialUrl={link?.url ?? ""}
        parse={(text) => (normalizeLinkUrl(text) ? null : LINK_ERROR)}
        onSubmit={(text) => {
          insertLink(editor, normalizeLinkUrl(text)!, { at: saved.current });
          done();
        }}
        extra={
          link ? (
            <button
              type="button"
              className={smallSecondaryClass}
              onClick={() => {
                if (saved.current) ReactEditor.focus(editor);
                unwrapLink(editor);
                done();
              }}
            >
              Remove link
            </button>
          ) : null
        }
      />
    </ToolPopover>
  );
}

function EmbedButton() {
  const editor = useSlateStatic();
  const [open, setOpen] = useState(false);
  const saved = useRef<Range | null>(null);
  return (
    <ToolPopover
      label="Embed a YouTube video or X post"
      icon={MonitorPlay}
      open={open}
      onOpenChange={(next) => {
        if (next) saved.current = editor.selection;
        setOpen(next);
      }}
    >
      <UrlForm
        label="YouTube or X (Twitter) link"
        submitLabel="Embed"
        parse={(text) => (parseEmbedUrl(text) ? null : EMBED_ERROR)}
        onSubmit={(text) => {
          const embed = parseEmbedUrl(text)!;
          insertEmbed(editor, embed, saved.current);
          setOpen(false);
          ReactEditor.focus(editor);
        }}
      />
    </ToolPopover>
  );
}

function EmojiButton() {
  const editor = useSlateStatic();
  const [open, setOpen] = useState(false);
  const saved = useRef<Range | null>(null);
  return (
    <ToolPopover
      label="Emoji"
      icon={Smile}
      open={open}
      onOpenChange={(next) => {
        if (next) saved.current = editor.selection;
        setOpen(next);
      }}
    >
      <div role="group" aria-label="Emoji" className="grid grid-cols-8 gap-1">
        {EMOJI.map(({ emoji, name }) => (
          <button
            key={emoji}
            type="button"
            aria-label={name}
            title={name}
            className="flex size-8 items-center justify-center rounded-md text-lg hover:bg-slate-100 focus-visible:bg-slate-100"
            onClick={() => {
              insertEmoji(editor, emoji, saved.current);
              saved.current = editor.selection;
              setOpen(false);
              ReactEditor.focus(editor);
            }}
          >
            <EmojiGlyph emoji={emoji} />
          </button>
        ))}
      </div>
    </ToolPopover>
  );
}

function ImageButton() {
  const editor = useSlateStatic();
  const uploads = useImageUploadsContext();
  const input = useRef<HTMLInputElement>(null);
  const saved = useRef<Range | null>(null);
  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length > 0) uploads.add(files, saved.current);
  }
  return (
    <>
      <ToolButton
        label="Image"
        icon={ImagePlus}
        onClick={() => {
          saved.current = editor.selection;
          input.current?.click();
        }}
      />
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(",")}
        multiple
        hidden
        onChange={onFiles}
        aria-hidden="true"
        tabIndex={-1}
      />
    </>
  );
}

// ---- elements ----------------------------------------------------------------------------

function EditorElement({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case "heading-one":
      return <h2 {...attributes}>{children}</h2>;
    case "heading-two":
      return <h3 {...attributes}>{children}</h3>;
    case "block-quote":
      return <blockquote {...attributes}>{children}</blockquote>;
    case "bulleted-list":
      return <ul {...attributes}>{children}</ul>;
    case "numbered-list":
      return <ol {...attributes}>{children}</ol>;
    case "list-item":
      return <li {...attributes}>{children}</li>;
    case "link":
      return (
        // In the editor a link is text to edit: clicking places the cursor, it does not navigate.
        // A stored body may come from the API with any URL: only a checked one becomes an href.
        <a
          {...attributes}
          href={normalizeLinkUrl(element.url) ?? undefined}
          className="text-brand-700 underline"
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </a>
      );
    case "emoji":
      return (
        <span
          {...attributes}
          contentEditable={false}
          role="img"
          aria-label={EMOJI.find((e) => e.emoji === element.emoji)?.name ?? "emoji"}
        >
          <EmojiGlyph emoji={element.emoji} />
          {children}
        </span>
      );
    case "image":
      return (
        <div {...attributes}>
          <ImageBlock element={element} />
          {children}
        </div>
      );
    case "embed":
      return (
        <div {...attributes}>
          <EmbedBlock element={element} />
          {children}
        </div>
      );
    default:
      return <p {...attributes}>{children}</p>;
  }
}

function EditorLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  return <span {...attributes}>{content}</span>;
}

const voidButtonClass =
  "inline-flex items-center gap-1 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-slate-800 shadow ring-1 ring-slate-200 hover:bg-slate-100";

function RemoveVoidButton({
  element,
  label,
  onRemove,
}: {
  element: ImageElement | EmbedElement;
  label: string;
  onRemove?: () => void;
}) {
  const editor = useSlateStatic();
  return (
    <button
      type="button"
      className={voidButtonClass}
      aria-label={label}
      onClick={() => {
        onRemove?.();
        removeNodeAt(editor, ReactEditor.findPath(editor, element));
        ReactEditor.focus(editor);
      }}
    >
      <Trash2 className="size-3.5" aria-hidden="true" />
      Remove
    </button>
  );
}

/** At most its own size: a small picture is not blown up to the column's width. */
const imageClass = "mx-auto block h-auto max-h-96 w-auto max-w-full";

function ImageBlock({ element }: { element: ImageElement }) {
  const uploads = useImageUploadsContext();
  const upload = element.uploadId ? uploads.uploads[element.uploadId] : undefined;
  const uploading = Boolean(element.uploadId) && upload !== undefined && upload.error === null;
  return (
    <figure contentEditable={false} className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      {element.url ? (
        <ProxiedImage src={element.url} width={640} height={360} alt={element.alt ?? ""} className={imageClass} />
      ) : upload ? (
        <img src={upload.previewUrl} alt="" className={clsx(imageClass, uploading && "opacity-60")} />
      ) : (
        <div className="flex h-32 items-center justify-center text-sm text-slate-500">Image unavailable</div>
      )}
      {uploading ? (
        <div className="absolute inset-x-3 bottom-3">
          <div
            role="progressbar"
            aria-label={`Uploading ${upload!.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload!.progress}
            className="h-2 overflow-hidden rounded-full bg-white/80 ring-1 ring-slate-300"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${upload!.progress}%` }} />
          </div>
        </div>
      ) : null}
      {upload?.error ? (
        <div
          role="alert"
          className="absolute inset-x-0 bottom-0 flex flex-wrap items-center gap-2 bg-white/95 px-3 py-2 text-sm text-danger"
        >
          <span className="mr-auto">{upload.error}</span>
          <button type="button" className={voidButtonClass} onClick={() => uploads.retry(element.uploadId!)}>
            <RotateCcw className="size-3.5" aria-hidden="true" />
            Retry
          </button>
        </div>
      ) : null}
      <div className="absolute right-2 top-2">
        <RemoveVoidButton
          element={element}
          label="Remove image"
          onRemove={() => element.uploadId && uploads.cancel(element.uploadId)}
        />
      </div>
    </figure>
  );
}

function EmbedBlock({ element }: { element: EmbedElement }) {
  const name = element.provider === "youtube" ? "YouTube video" : "X post";
  return (
    <div contentEditable={false} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <MonitorPlay className="size-6 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-500">{element.url}</p>
      </div>
      <RemoveVoidButton element={element} label={`Remove ${name}`} />
    </div>
  );
}
