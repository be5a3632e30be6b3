/**
 * The select box: one choice among labelled options, in the "primary" look (a form's field) or
 * the "secondary" one (quieter and compact, for choices beside other controls). On a large screen
 * it opens a Radix Select list under the box; on a phone (below 640 px) the same box opens a
 * full-screen list of the options with Cancel, which the thumb can reach and scroll.
 *
 * The chosen value is sent with the form from a hidden input under `name`. Until the page's
 * JavaScript runs, the box is a native <select> with the same name, look and options, so a form
 * works before (and without) it; a choice made there is kept when the box takes over.
 */
import * as Dialog from "@radix-ui/react-dialog";
import * as RadixSelect from "@radix-ui/react-select";
import clsx from "clsx";
import { useEffect, useRef, useState, type RefObject, type SyntheticEvent } from "react";
import { inputClass } from "./form-field";
import { Check, ChevronDown } from "./icons";
import { useHydrated } from "./use-hydrated";

export type SelectOption = { label: string; value: string };
export type SelectBoxVariant = "primary" | "secondary";

/** Below this width the list opens full screen. */
export const FULL_SCREEN_LIST = "(max-width: 639px)";

const VARIANT_CLASS: Record<SelectBoxVariant, string> = {
  primary: inputClass,
  secondary:
    "mt-1 block w-full rounded-lg border border-transparent bg-slate-100 px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-200 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-danger",
};

// Radix Select reserves "" for "nothing chosen"; an option whose value is "" (a placeholder such
// as "Any time") goes through it under this stand-in.
const EMPTY = "\u0000empty";
const toItem = (value: string) => (value === "" ? EMPTY : value);
const fromItem = (item: string) => (item === EMPTY ? "" : item);

export type SelectBoxProps = {
  /** The full-screen list's title: the field's label. */
  label: string;
  options: SelectOption[];
  variant?: SelectBoxVariant;
  id?: string;
  name?: string;
  defaultValue?: unknown;
  required?: boolean;
  autoComplete?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-describedby"?: string;
  className?: string;
};

export function SelectBox({
  label,
  options,
  variant = "primary",
  id,
  name,
  defaultValue,
  required,
  autoComplete,
  "aria-invalid": ariaInvalid,
  "aria-describedby": ariaDescribedBy,
  className,
}: SelectBoxProps) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(typeof defaultValue === "string" ? defaultValue : (options[0]?.value ?? ""));
  const [fullScreen, setFullScreen] = useState(false);
  const nativeRef = useRef<HTMLSelectElement>(null);
  const hiddenRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLButtonElement>(null);
  const chosenByReader = useRef(false);
  const boxClass = clsx(VARIANT_CLASS[variant], className);

  // A choice made in the server's native <select> before the page hydrated.
  useEffect(() => {
    const native = nativeRef.current;
    if (native && native.value !== value) setValue(native.value);
    // Once, as the page hydrates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The form hears the change as it would from a native control (conform revalidates on input).
  useEffect(() => {
    if (chosenByReader.current) hiddenRef.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [value]);

  if (!hydrated) {
    return (
      <select
        ref={nativeRef}
        id={id}
        name={name}
        defaultValue={value}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        className={boxClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }

  const choose = (next: string) => {
    chosenByReader.current = true;
    setValue(next);
    setFullScreen(false);
  };
  // On a phone the box opens the full-screen list instead of Radix's (whose handlers a prevented
  // event skips). It opens on the click, not the press, so the lifting finger lands on no option.
  const onPhone = () => window.matchMedia(FULL_SCREEN_LIST).matches;
  const openFullScreen = (event: SyntheticEvent<HTMLButtonElement>) => {
    if (!onPhone()) return;
    event.preventDefault();
    event.currentTarget.focus();
    setFullScreen(true);
  };
  const chosen = options.find((option) => option.value === value);

  return (
    <>
      <input ref={hiddenRef} type="hidden" name={name} value={value} />
      <RadixSelect.Root value={toItem(value)} onValueChange={(item) => choose(fromItem(item))}>
        <RadixSelect.Trigger
          ref={boxRef}
          id={id}
          aria-invalid={ariaInvalid}
          aria-describedby={ariaDescribedBy}
          aria-required={required || undefined}
          className={clsx(boxClass, "flex items-center justify-between gap-2 text-left")}
          onPointerDown={(event) => onPhone() && event.preventDefault()}
          onClick={openFullScreen}
          onKeyDown={(event) => {
            if (["Enter", " ", "ArrowDown", "ArrowUp"].includes(event.key)) openFullScreen(event);
          }}
        >
          <span className="min-w-0 truncate">
            <RadixSelect.Value>{chosen?.label}</RadixSelect.Value>
          </span>
          <RadixSelect.Icon>
            <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            collisionPadding={8}
            className="z-[60] max-h-[min(var(--radix-select-content-available-height),24rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
          >
            <RadixSelect.Viewport className="p-1">
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={toItem(option.value)}
                  className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[state=checked]:font-semibold"
                >
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator>
                    <Check className="size-4 text-brand-700" aria-hidden="true" />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      <FullScreenList
        open={fullScreen}
        onOpenChange={setFullScreen}
        label={label}
        options={options}
        value={value}
        onChoose={choose}
        returnFocusTo={boxRef}
      />
    </>
  );
}

/** The phone's form of the list: every option as a full-width row, Cancel to leave it unchanged. */
function FullScreenList({
  open,
  onOpenChange,
  label,
  options,
  value,
  onChoose,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  options: SelectOption[];
  value: string;
  onChoose: (value: string) => void;
  /** The box that opened the list (a Dialog opened without its own trigger returns focus nowhere). */
  returnFocusTo: RefObject<HTMLButtonElement>;
}) {
  const chosenRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-[70] flex flex-col bg-white"
          onOpenAutoFocus={(event) => {
            // The reader starts on the current choice, scrolled into view.
            event.preventDefault();
            chosenRef.current?.focus();
            chosenRef.current?.scrollIntoView({ block: "center" });
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-base font-semibold text-slate-900">{label}</Dialog.Title>
            <Dialog.Close className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Cancel
            </Dialog.Close>
          </div>
          <ul className="flex-1 overflow-y-auto py-1" aria-label={label}>
            {options.map((option) => {
              const isChosen = option.value === value;
              return (
                <li key={option.value}>
                  <button
                    ref={isChosen ? chosenRef : undefined}
                    type="button"
                    aria-current={isChosen || undefined}
                    onClick={() => onChoose(option.value)}
                    className={clsx(
                      "flex w-full items-center justify-between gap-3 px-4 py-3 text-left text-base text-slate-800 hover:bg-slate-50 focus-visible:bg-brand-50",
                      isChosen && "font-semibold text-brand-800",
                    )}
                  >
                    {option.label}
                    {isChosen ? <Check className="size-5 shrink-0 text-brand-700" aria-hidden="true" /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
