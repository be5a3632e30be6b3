/**
 * `IconTip` once its code has come (app/components/ui/icon-tip.tsx): a Radix Tooltip whose trigger
 * is a transparent layer over the button. The pointer opens it after the delay (Radix); keyboard
 * focus on the button opens it at once, and leaving the button, pressing it or Escape closes it.
 */
import * as Tooltip from "@radix-ui/react-tooltip";
import { useEffect, useRef, useState } from "react";

/** How long a pointer rests on the button before its name shows. */
const TOOLTIP_DELAY_MS = 500;

export function RadixIconTip({ label }: { label: string }) {
  const layer = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const button = layer.current?.parentElement;
    if (!button) return;
    const focused = () => setOpen(button.matches(":focus-visible"));
    const left = () => setOpen(false);
    button.addEventListener("focusin", focused);
    button.addEventListener("focusout", left);
    button.addEventListener("click", left);
    // Arrived while the keyboard was on the button: show it now. While the pointer rests on it
    // (the hover that fetched this code): after the delay, as if Radix had seen it arrive; not
    // once the button is pressed or has opened its menu or panel.
    const resting = () => button.matches(":hover") && !button.matches("[aria-haspopup][aria-expanded='true']");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pressed = () => clearTimeout(timer);
    if (button.matches(":focus-visible")) setOpen(true);
    else if (resting()) timer = setTimeout(() => setOpen(resting()), TOOLTIP_DELAY_MS);
    button.addEventListener("pointerdown", pressed);
    return () => {
      clearTimeout(timer);
      button.removeEventListener("pointerdown", pressed);
      button.removeEventListener("focusin", focused);
      button.removeEventListener("focusout", left);
      button.removeEventListener("click", left);
    };
  }, []);

  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild>
          <span ref={layer} data-icon-tip="" aria-hidden="true" className="absolute inset-0 rounded-[inherit]" />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="bottom"
            sideOffset={6}
            collisionPadding={8}
            className="z-[70] max-w-xs rounded-md bg-ink px-2 py-1 text-xs font-semibold text-white shadow-lg"
          >
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
