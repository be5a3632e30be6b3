/** The editor's elements and leaves (slate-types.ts), drawn for editing: images and videos with their upload progress and Retry, embeds, and the remove button of each. */
import { clsx } from "clsx";
import { MonitorPlay, RotateCcw, Trash2 } from "~/components/ui/icons";
import { ReactEditor, useSlateStatic, type RenderElementProps, type RenderLeafProps } from "slate-react";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { imageUrl } from "~/modules/image-url";
import { removeNodeAt } from "./editor-commands";
import { EMOJI } from "./emoji";
import { EmojiGlyph } from "./emoji-glyph";
import { useImageUploadsContext } from "./image-uploads";
import { normalizeLinkUrl } from "./links";
import type { EmbedElement, ImageElement, VideoElement } from "./slate-types";

export function EditorElement({ attributes, children, element }: RenderElementProps) {
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
    case "video":
      return (
        <div {...attributes}>
          <VideoBlock element={element} />
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

export function EditorLeaf({ attributes, children, leaf }: RenderLeafProps) {
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
  element: ImageElement | VideoElement | EmbedElement;
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
      <UploadStatus uploadId={element.uploadId} />
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

/** A video as the reader will see it: the player on the stored file, or on the local one while it uploads. */
function VideoBlock({ element }: { element: VideoElement }) {
  const uploads = useImageUploadsContext();
  const upload = element.uploadId ? uploads.uploads[element.uploadId] : undefined;
  const src = element.src ?? upload?.previewUrl;
  return (
    <figure contentEditable={false} className="relative overflow-hidden rounded-lg border border-slate-200 bg-ink">
      {src ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- an expert's clip comes without a captions file
        <video
          controls
          preload="metadata"
          playsInline
          src={src}
          poster={element.poster ? imageUrl(element.poster, 640) : undefined}
          aria-label={upload ? upload.file.name : "Video"}
          className="mx-auto block aspect-video max-h-96 w-full"
        />
      ) : (
        <div className="flex h-32 items-center justify-center text-sm text-slate-300">Video unavailable</div>
      )}
      <UploadStatus uploadId={element.uploadId} />
      <div className="absolute right-2 top-2">
        <RemoveVoidButton
          element={element}
          label="Remove video"
          onRemove={() => element.uploadId && uploads.cancel(element.uploadId)}
        />
      </div>
    </figure>
  );
}

/** An upload's progress bar while it runs; its error and Retry when it failed. */
function UploadStatus({ uploadId }: { uploadId: string | undefined }) {
  const uploads = useImageUploadsContext();
  const upload = uploadId ? uploads.uploads[uploadId] : undefined;
  if (!uploadId || !upload) return null;
  if (upload.error) {
    return (
      <div
        role="alert"
        className="absolute inset-x-0 bottom-0 flex flex-wrap items-center gap-2 bg-white/95 px-3 py-2 text-sm text-danger"
      >
        <span className="mr-auto">{upload.error}</span>
        <button type="button" className={voidButtonClass} onClick={() => uploads.retry(uploadId)}>
          <RotateCcw className="size-3.5" aria-hidden="true" />
          Retry
        </button>
      </div>
    );
  }
  return (
    <div className="absolute inset-x-3 bottom-3">
      <div
        role="progressbar"
        aria-label={`Uploading ${upload.file.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={upload.progress}
        className="h-2 overflow-hidden rounded-full bg-white/80 ring-1 ring-slate-300"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${upload.progress}%` }} />
      </div>
    </div>
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
