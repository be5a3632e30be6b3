/** The search box with its suggestions (an ARIA combobox): in the header on large screens, in the overlay on small ones. */
import { Form, useLocation, useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import clsx from "clsx";
import { ArrowRight, FileText, LayoutGrid, LoaderCircle, Search, UserRound } from "~/components/ui/icons";
import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { ErrorPanel } from "~/components/ui/error-panel";
import { searchPageHref, suggestionGroups, useSearchSuggestions, type SuggestionOption } from "./search-suggestions";

export const SEARCH_PLACEHOLDER = "Search experts, category or posts...";

export const SEARCH_TRIGGER_CLASS = "relative ml-auto rounded-md p-2 text-slate-200 hover:bg-white/10 lg:hidden";

/** What the box holds after a navigation: the query of the /search page, or nothing elsewhere. */
function useCurrentQuery(): string {
  const location = useLocation();
  return location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
}

export interface SearchComboboxProps {
  /** `popover`: in the header, suggestions float below the input. `overlay`: full width, in the mobile overlay. */
  variant: "popover" | "overlay";
  inputId: string;
  inputRef: RefObject<HTMLInputElement>;
  /** Shown after the input in the overlay's bar (its close button). */
  trailing?: ReactNode;
}

/**
 * The ARIA combobox pattern (WAI-ARIA APG, "list autocomplete"): focus stays in the input, the
 * arrow keys move `aria-activedescendant` through the options, Enter follows the active one or,
 * with none active, submits the query to /search. The options are real links, so a middle click
 * or a long press still opens them in a new tab.
 */
export function SearchCombobox({ variant, inputId, inputRef, trailing }: SearchComboboxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const currentQuery = useCurrentQuery();
  const [text, setText] = useState(currentQuery);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const query = text.trim();
  const suggestions = useSearchSuggestions(query, open);

  // After a navigation the box shows what the new page is about and gets out of the way.
  useEffect(() => {
    setText(currentQuery);
    setOpen(false);
    setActiveIndex(-1);
    // Only a navigation resets the box; currentQuery is read from the same location.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const groups = suggestions.results ? suggestionGroups(suggestions.results) : [];
  const allResults: SuggestionOption = { kind: "all", key: "all", label: "All results", href: searchPageHref(query) };
  const options = groups.length > 0 ? [...groups.flatMap((group) => group.options), allResults] : [];
  const answered = suggestions.results !== null || suggestions.failed;
  const showPanel = open && query !== "" && answered;
  const showList = showPanel && options.length > 0;
  const active = showList && activeIndex >= 0 && activeIndex < options.length ? activeIndex : -1;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    // optionId only depends on baseId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  function close() {
    setOpen(false);
    setActiveIndex(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (!showList) {
          if (!open) setOpen(true);
          return;
        }
        event.preventDefault();
        const last = options.length - 1;
        if (event.key === "ArrowDown") setActiveIndex(active >= last ? 0 : active + 1);
        else setActiveIndex(active <= 0 ? last : active - 1);
        return;
      }
      case "Enter":
        // With no active option the form submits the query to /search.
        if (active >= 0) {
          event.preventDefault();
          navigate(options[active].href);
        }
        return;
      case "Escape":
        // In the overlay Escape closes the whole overlay (the dialog sees it first).
        if (showPanel) {
          event.preventDefault();
          close();
        }
        return;
    }
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  }

  let announcement = "";
  if (showPanel) {
    // A failure speaks through the error panel (an alert).
    if (suggestions.failed) announcement = "";
    else if (options.length === 0) announcement = "Nothing found";
    else announcement = `${options.length - 1} ${options.length === 2 ? "suggestion" : "suggestions"}`;
  }

  const overlay = variant === "overlay";
  const renderOption = (option: SuggestionOption) => {
    const index = options.indexOf(option);
    return (
      <Link
        key={option.key}
        id={optionId(index)}
        to={option.href}
        role="option"
        aria-selected={index === active}
        tabIndex={-1}
        onMouseMove={() => index !== active && setActiveIndex(index)}
        className={clsx(
          "flex min-h-11 items-center gap-3 px-4 py-2 text-sm text-slate-800",
          index === active && "bg-slate-100 text-slate-950",
          option.kind === "all" && "mt-1 border-t border-slate-100 font-semibold text-brand-700",
        )}
      >
        <OptionIcon option={option} />
        <span className="min-w-0 flex-1 truncate">{option.label}</span>
      </Link>
    );
  };

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      onBlur={onBlur}
      className={overlay ? "flex flex-col" : "relative ml-4 hidden w-full max-w-md lg:block"}
    >
      <div className={overlay ? "flex h-header items-center gap-1 bg-ink px-3" : undefined}>
        <label htmlFor={inputId} className="sr-only">
          Search
        </label>
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            ref={inputRef}
            id={inputId}
            name="q"
            type="search"
            role="combobox"
            aria-expanded={showList}
            aria-controls={showList ? listboxId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActiveIndex(-1);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            placeholder={SEARCH_PLACEHOLDER}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            className={clsx(
              "w-full rounded-full border border-white/10 bg-white/10 pl-9 text-sm text-white placeholder:text-slate-400 focus:bg-white/15",
              // Chromium's clear button is blue: a light grey one suits the dark header.
              "[&::-webkit-search-cancel-button]:[filter:grayscale(1)_brightness(2)]",
              overlay ? "h-10" : "h-9",
              // Room for the slash hint or the spinner; the overlay's placeholder needs the width.
              overlay && !text ? "pr-2" : "pr-10",
            )}
          />
          {suggestions.loading && query ? (
            <LoaderCircle
              className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-slate-400"
              aria-hidden="true"
            />
          ) : !overlay && !text ? (
            <kbd className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 rounded border border-white/20 px-1.5 text-xs text-slate-400">
              /
            </kbd>
          ) : null}
        </div>
        {trailing}
      </div>
      {showPanel ? (
        <div
          role="presentation"
          // Keeps the focus in the input when an option is pressed, so the list stays until the click lands.
          onMouseDown={(event) => event.preventDefault()}
          data-testid="search-suggestions"
          className={clsx(
            "overflow-y-auto bg-white py-1 text-slate-900",
            overlay
              ? "max-h-[calc(100dvh-var(--spacing-header))] w-full border-b border-slate-200 shadow-lg"
              : "absolute inset-x-0 top-full z-50 mt-2 max-h-[min(70vh,32rem)] rounded-xl border border-slate-200 shadow-lg",
          )}
        >
          {showList ? (
            <div id={listboxId} role="listbox" aria-label="Search suggestions">
              {groups.map((group) => (
                <div key={group.heading} role="group" aria-labelledby={`${baseId}-${group.heading}`}>
                  <div
                    role="presentation"
                    id={`${baseId}-${group.heading}`}
                    className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    {group.heading}
                  </div>
                  {group.options.map(renderOption)}
                </div>
              ))}
              {renderOption(allResults)}
            </div>
          ) : suggestions.failed ? (
            <ErrorPanel
              className="m-3"
              message={suggestions.error}
              onRetry={suggestions.retry}
              retrying={suggestions.retrying}
            />
          ) : (
            <p aria-hidden="true" className="px-4 py-6 text-center text-sm text-slate-500">
              Nothing found
            </p>
          )}
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </Form>
  );
}

function OptionIcon({ option }: { option: SuggestionOption }) {
  if (option.kind === "expert" && option.avatar) {
    return (
      <ProxiedImage
        src={option.avatar}
        width={28}
        height={28}
        className="size-7 shrink-0 rounded-full bg-slate-200 object-cover"
      />
    );
  }
  const Icon = { expert: UserRound, category: LayoutGrid, post: FileText, all: ArrowRight }[option.kind];
  return (
    <span
      className={clsx(
        "flex size-7 shrink-0 items-center justify-center rounded-full",
        option.kind === "all" ? "bg-brand-50" : "bg-slate-100",
      )}
      aria-hidden="true"
    >
      <Icon className="size-4" />
    </span>
  );
}
