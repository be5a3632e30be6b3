import { useRef, type ChangeEvent } from "react";
import type { Range } from "slate";
import { useSlateStatic } from "slate-react";
import type { IconType } from "~/components/ui/icons";
import type { ToolButton as ToolbarButton } from "./editor-toolbar";
import { useImageUploadsContext } from "./image-uploads";

/** A toolbar tool that picks image or video files for the body, inserted where the cursor was. */
export function UploadButton({
  label,
  icon,
  accept,
  button: ToolButton,
}: {
  label: string;
  icon: IconType;
  accept: readonly string[];
  /** The toolbar's own button look. */
  button: typeof ToolbarButton;
}) {
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
        label={label}
        icon={icon}
        onClick={() => {
          saved.current = editor.selection;
          input.current?.click();
        }}
      />
      <input
        ref={input}
        type="file"
        accept={accept.join(",")}
        multiple
        hidden
        onChange={onFiles}
        aria-label={label}
        aria-hidden="true"
        tabIndex={-1}
      />
    </>
  );
}
