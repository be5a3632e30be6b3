/**
 * The house's buttons: one set of looks for <button> and for links that read as buttons, so the
 * same classes are not restated in every file. Extra classes go through `className` for layout
 * (margins, width, `shrink-0`), not for colour or size: pick a variant and a size instead.
 */
import { Link, type LinkProps } from "~/components/ui/link";
import clsx from "clsx";
import { forwardRef, type ButtonHTMLAttributes } from "react";

const variants = {
  /** The call to action: brand green with ink text (white on brand fails contrast). */
  primary: "bg-brand-500 text-ink hover:bg-brand-600",
  /** The same with a pale hover (the header, the hero bands, the contact cards). */
  primaryPale: "bg-brand-500 text-ink hover:bg-brand-100",
  /** The forms' submit: ink with white text. */
  ink: "bg-ink text-white hover:bg-slate-800",
  /** The quieter choice beside a primary one. */
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  /** The quieter choice on a dark band (it takes the band's text colour). */
  secondaryOnDark: "border border-white/30 hover:bg-white/10",
  /** A framed brand link, where a filled button would shout. */
  outline: "border border-brand-600 text-brand-700",
  /** No frame until hovered. */
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  /** What cannot be undone. */
  danger: "bg-danger text-white hover:bg-red-700",
} as const;

const sizes = {
  xs: "px-3 py-1.5 text-xs",
  sm: "px-4 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  // The sizes of primary actions: at least 44 px tall, a finger's tap target.
  lg: "min-h-11 px-5 py-2.5 text-sm",
  xl: "min-h-11 px-6 py-2.5 text-sm",
  "2xl": "min-h-11 px-6 py-3 text-sm",
  /** No padding or text size: `className` gives them (a button that changes size with the screen). */
  custom: "",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
  /** Disabled while a request is under way: the cursor says "wait" rather than "not allowed". */
  pending?: boolean;
}

// The two base classes a caller may replace (a wider gap for a logo, `hidden` on small screens);
// anything else in `className` is added, so colour and size come from the variant and size only.
const replaceable: [RegExp, string][] = [
  [/^gap-/, "gap-1.5"],
  [/^(flex|hidden|block|inline-block|inline-flex)$/, "inline-flex"],
];

/** The classes of a button look plus `className`, for elements that are neither a <button> nor a Remix link. */
export function buttonClass(
  { variant = "primary", size = "md", block = false, pending = false }: ButtonLook = {},
  className?: string,
) {
  const extra = className?.split(/\s+/).filter(Boolean) ?? [];
  const base = replaceable
    .filter(([given]) => !extra.some((token) => given.test(token)))
    .map(([, byDefault]) => byDefault);
  return clsx(
    base,
    // The shape and focus ring every button shares, as a component class (app/styles/app.css).
    "btn",
    pending ? "disabled:cursor-progress disabled:opacity-70" : "disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    sizes[size],
    block && "w-full",
    extra,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/** A <button>, `type="button"` unless told (a form's submit says `type="submit"`). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, pending, className, type = "button", ...props },
  ref,
) {
  return (
    <button ref={ref} type={type} {...props} className={buttonClass({ variant, size, block, pending }, className)} />
  );
});

export type ButtonLinkProps = LinkProps & ButtonLook;

/** A Remix link that looks like a button (it navigates, so it stays a link for assistive technology). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, size, block, pending, className, ...props },
  ref,
) {
  return <Link ref={ref} {...props} className={buttonClass({ variant, size, block, pending }, className)} />;
});

/**
 * A filter chip (a window, a sport): ink when chosen, framed white otherwise. Chips are links or
 * toggle buttons whose state is `aria-current` or `aria-pressed`, so the caller says which is on.
 */
export function chipClass(on: boolean, className?: string) {
  return clsx(
    "inline-flex items-center rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors",
    on
      ? "border-ink bg-ink text-white hover:bg-slate-800"
      : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
    className,
  );
}
