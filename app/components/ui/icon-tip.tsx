/**
 * The tooltip of an icon-only button: its name, shown after half a second of hovering, at
 * once on keyboard focus (Radix Tooltip). Put `<IconTip label="…" />` last inside the button, and
 * give the button `relative`: the tip covers the button to catch the pointer, without wrapping it,
 * so the button is never replaced when the tooltip's code arrives. That code comes on the first
 * mouse hover or keyboard focus of any such button (a touch has no hover, and a tap is never held
 * up); until then the tip is an empty marker.
 */
import { useEffect, useRef } from "react";
import { onDemand, useOnDemand } from "./on-demand";

const radixTip = onDemand(() => import("./icon-tip-radix"));

export function IconTip({ label }: { label: string }) {
  const loaded = useOnDemand(radixTip);
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const button = marker.current?.parentElement;
    if (loaded || !button) return;
    const want = (event: Event) => {
      if (event instanceof PointerEvent && event.pointerType !== "mouse") return;
      if (event.type === "focusin" && !button.matches(":focus-visible")) return;
      void radixTip.load().catch(() => undefined);
    };
    button.addEventListener("pointerenter", want);
    button.addEventListener("focusin", want);
    return () => {
      button.removeEventListener("pointerenter", want);
      button.removeEventListener("focusin", want);
    };
  }, [loaded]);
  if (loaded) return <loaded.RadixIconTip label={label} />;
  return <span ref={marker} data-icon-tip="" hidden />;
}
