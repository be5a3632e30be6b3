/**
 * The dialog's own controls (decision 018): a labelled field with its error, the Post/Pick
 * radio group, the modalities multi-select and the cover image uploader (the event select is
 * event-select.tsx).
 */
import * as Popover from "@radix-ui/react-popover";
import { clsx } from "clsx";
import { ChevronDown, ImagePlus, RotateCcw } from "~/components/ui/icons";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { toast } from "~/components/ui/toast";
import { FieldFrame } from "~/components/ui/form-field";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { uploadErrorMessage, uploadFile } from "~/components/uploads/upload-client";
import { IMAGE_MIME_TYPES } from "~/modules/uploads/upload-types";
import { imageFileProblem } from "./image-uploads";
import type { PostType } from "./post-form-model";

export interface Option {
  id: number;
  name: string;
}

/** A label, the control, a hint and the first error; this form keeps its values as JSON state (decision 018). */
export const EditorField = FieldFrame;

/** aria attributes of a control whose error is shown by EditorField. */
export const describedBy = (id: string, errors: string[] | undefined, hint = false) => ({
  "aria-invalid": errors?.length ? true : undefined,
  "aria-describedby": [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" "),
});

// ---- Post / Pick ---------------------------------------------------------------------------

const TYPE_OPTIONS: { value: PostType; label: string; hint: string }[] = [
  { value: "Post", label: "Post", hint: "Free for everyone" },
  { value: "Pick", label: "Pick", hint: "For subscribers, graded on your record" },
];

/** Native radios in a fieldset: arrow keys move between them, screen readers name the group. */
export function PostTypeSwitch({
  value,
  onChange,
  name,
  disabled = false,
}: {
  value: PostType;
  onChange: (value: PostType) => void;
  name: string;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Type</legend>
      <div className="mt-1 grid grid-cols-2 gap-1 rounded-full bg-slate-100 p-1">
        {TYPE_OPTIONS.map((option) => (
          <label
            key={option.value}
            className={clsx(
              "flex cursor-pointer flex-col items-center rounded-full px-3 py-1.5 text-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed",
              value === option.value ? "bg-white shadow-sm" : "text-slate-600 hover:text-slate-900",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-label={option.label}
              aria-describedby={`${name}-${option.value}-hint`}
              className="sr-only"
            />
            <span className="text-sm font-semibold" aria-hidden="true">
              {option.label}
            </span>
            <span id={`${name}-${option.value}-hint`} className="text-xs text-slate-600">
              {option.hint}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ---- bet types (the API's modalities) ----------------------------------------------------------

export const triggerClass =
  "mt-1 flex w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left text-sm text-slate-900 shadow-sm hover:border-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-danger";

export function ModalitiesSelect({
  id,
  options,
  value,
  onChange,
  errors,
}: {
  id: string;
  options: Option[];
  value: number[];
  onChange: (value: number[]) => void;
  errors: string[] | undefined;
}) {
  const chosen = options.filter((option) => value.includes(option.id));
  const summary = chosen.length === 0 ? "Choose bet types" : chosen.map((option) => option.name).join(", ");
  return (
    <Popover.Root>
      <Popover.Trigger id={id} type="button" className={triggerClass} {...describedBy(id, errors)}>
        <span className={clsx("truncate", chosen.length === 0 && "text-slate-500")}>{summary}</span>
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-[60] max-h-dropdown w-[var(--radix-popover-trigger-width)] max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <fieldset>
            <legend className="sr-only">Bet types</legend>
            {options.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={value.includes(option.id)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked ? [...value, option.id] : value.filter((idValue) => idValue !== option.id),
                    )
                  }
                />
                {option.name}
              </label>
            ))}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

// ---- cover image ---------------------------------------------------------------------------

const coverButtonClass =
  "inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-xs font-semibold text-slate-800 shadow-sm hover:bg-slate-100";

/** Pick an image, watch it upload, Retry on failure; the stored key is the field's value. */
export function CoverImageField({
  id,
  value,
  onChange,
  errors,
}: {
  id: string;
  value: string;
  onChange: (key: string) => void;
  errors: string[] | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [state, setState] = useState<{ file: File; progress: number; error: string | null } | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  function start(file: File) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ file, progress: 0, error: null });
    uploadFile(file, {
      signal: current.signal,
      onProgress: (progress) => setState((s) => (s ? { ...s, progress } : s)),
    })
      .then((stored) => {
        if (current.signal.aborted) return;
        setState(null);
        onChange(stored.key);
      })
      .catch((error: unknown) => {
        if (current.signal.aborted) return;
        setState((s) => (s ? { ...s, error: uploadErrorMessage(error) } : s));
      });
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) toast.error(file.name, { description: problem });
    else start(file);
  }

  const uploading = state !== null && state.error === null;
  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        Cover image
      </span>
      <div
        className={clsx(
          "relative mt-1 overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50",
          value ? "aspect-[3/1]" : "flex h-20 items-center px-4",
        )}
      >
        {value ? (
          <ProxiedImage src={value} width={700} height={234} alt="Cover image" className="size-full object-cover" />
        ) : null}
        {!value && !state ? <p className="text-sm text-slate-500">No cover image</p> : null}
        {uploading ? (
          <div className={clsx(value ? "absolute inset-x-4 top-1/2 -translate-y-1/2" : "mr-4 flex-1")}>
            <div
              role="progressbar"
              aria-label={`Uploading ${state.file.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.progress}
              className="h-2 overflow-hidden rounded-full bg-white ring-1 ring-slate-300"
            >
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${state.progress}%` }} />
            </div>
          </div>
        ) : null}
        <div className={clsx("flex gap-2", value ? "absolute bottom-2 right-2" : "ml-auto")}>
          {value && !state ? (
            <button type="button" className={coverButtonClass} onClick={() => onChange("")}>
              Remove cover
            </button>
          ) : null}
          <button
            id={id}
            type="button"
            className={coverButtonClass}
            disabled={uploading}
            aria-describedby={`${id}-error`}
            onClick={() => input.current?.click()}
          >
            <ImagePlus className="size-3.5" aria-hidden="true" />
            {value ? "Change cover" : "Add cover image"}
          </button>
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(",")}
        hidden
        onChange={onFile}
        aria-hidden="true"
        tabIndex={-1}
      />
      {state?.error ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-danger">
          <span>{state.error}</span>
          <button type="button" className={coverButtonClass} onClick={() => start(state.file)}>
            <RotateCcw className="size-3.5" aria-hidden="true" />
            Retry
          </button>
          <button type="button" className={coverButtonClass} onClick={() => setState(null)}>
            Cancel
          </button>
        </div>
      ) : null}
      <p id={`${id}-error`} className="mt-1 text-sm text-danger empty:hidden">
        {errors?.[0]}
      </p>
    </div>
  );
}
