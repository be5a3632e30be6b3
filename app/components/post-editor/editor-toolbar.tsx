/** The editor's toolbar (decision 018): block and list formats, marks, link, embed, emoji and image, each labelled with its pressed state. */
import * as Popover from "@radix-ui/react-popover";
import {
  Bold,
  Heading1,
  Heading2,
  ImagePlus,
  VideoIcon,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  MonitorPlay,
  Pilcrow,
  Quote,
  Smile,
  type IconType,
} from "~/components/ui/icons";
import { forwardRef, useId, useRef, useState, type ButtonHTMLAttributes, type FormEvent, type ReactNode } from "react";
import { Editor, Transforms, type Range } from "slate";
import { ReactEditor, useSlate, useSlateStatic } from "slate-react";
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from "~/modules/uploads/upload-types";
import { UploadButton } from "./upload-button";
import {
  activeLink,
  insertEmbed,
  insertEmoji,
  insertLink,
  isBlockActive,
  isMarkActive,
  toggleBlock,
  toggleMark,
  unwrapLink,
} from "./editor-commands";
import { EMBED_ERROR, parseEmbedUrl } from "./embeds";
import { EMOJI } from "./emoji";
import { EmojiGlyph } from "./emoji-glyph";
import { LINK_ERROR, normalizeLinkUrl } from "./links";
import type { BlockFormat, Mark } from "./slate-types";
import { IconTip } from "~/components/ui/icon-tip";

const toolButtonClass =
  "relative inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white data-[state=open]:bg-slate-100";

const BLOCK_BUTTONS: { format: BlockFormat; label: string; icon: IconType }[] = [
  { format: "paragraph", label: "Paragraph", icon: Pilcrow },
  { format: "heading-one", label: "Heading 1", icon: Heading1 },
  { format: "heading-two", label: "Heading 2", icon: Heading2 },
];
const LIST_BUTTONS: { format: BlockFormat; label: string; icon: IconType }[] = [
  { format: "bulleted-list", label: "Bulleted list", icon: List },
  { format: "numbered-list", label: "Numbered list", icon: ListOrdered },
  { format: "block-quote", label: "Quote", icon: Quote },
];
const MARK_BUTTONS: { mark: Mark; label: string; shortcut: string; icon: IconType }[] = [
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

export function Toolbar() {
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
      <UploadButton label="Image" icon={ImagePlus} accept={IMAGE_MIME_TYPES} button={ToolButton} />
      <UploadButton label="Video" icon={VideoIcon} accept={VIDEO_MIME_TYPES} button={ToolButton} />
      <EmbedButton />
      <EmojiButton />
    </div>
  );
}

/**
 * One icon-only toolbar button, named by `label` and by its tooltip (`title`: with the shortcut), keeping
 * the editor's selection when clicked with the mouse. Forwards its ref and props for Radix triggers.
 */
export const ToolButton = forwardRef<
  HTMLButtonElement,
  { label: string; icon: IconType; pressed?: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-pressed">
>(function ToolButton({ label, icon: Icon, pressed, title, ...rest }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      className={toolButtonClass}
      aria-label={label}
      aria-pressed={pressed}
      onMouseDown={keepSelection}
      {...rest}
    >
      <Icon className="size-4" aria-hidden="true" />
      <IconTip label={title ?? label} />
    </button>
  );
});

function BlockButton({ format, label, icon }: { format: BlockFormat; label: string; icon: IconType }) {
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
  icon: IconType;
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
