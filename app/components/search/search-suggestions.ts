/**
 * The header search's suggestions (product.md "Screens and routes" and "Entities"): the top few
 * experts, categories and posts matching the typed text, from the suggestions loader
 * (app/routes/search_.suggestions.ts, what `GET /api/search` answers), and the links each one
 * leads to.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useActionDone } from "~/components/ui/use-action-done";
import type { ActionData } from "~/components/ui/use-action-fetcher";
import type { SearchSuggestions } from "~/modules/search/search-params";

/** How many of each kind the box shows. */
export const SUGGESTIONS_PER_GROUP = 5;
/** Typing pauses this long before the box asks: one request per pause, not per key. */
export const SUGGEST_DELAY_MS = 200;

/** The suggestions loader's address for a query. */
export function suggestionsHref(searchValue: string): string {
  return `/search/suggestions?${new URLSearchParams({ searchValue, topCount: String(SUGGESTIONS_PER_GROUP) })}`;
}

export type SuggestionKind = "expert" | "category" | "post" | "all";

/** One choosable row: where it leads and what it says. */
export interface SuggestionOption {
  kind: SuggestionKind;
  key: string;
  label: string;
  href: string;
  avatar?: string;
}

export interface SuggestionGroup {
  heading: "Experts" | "Category" | "Posts";
  options: SuggestionOption[];
}

/** The full results page for a query: the same URL the box's form submits to. */
export function searchPageHref(query: string): string {
  return `/search?${new URLSearchParams({ q: query.trim() })}`;
}

/** The non-empty groups, in the product's order: Experts, Category, Posts. */
export function suggestionGroups(results: SearchSuggestions): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [
    {
      heading: "Experts",
      options: results.expertsInfo.map((expert) => ({
        kind: "expert",
        key: `expert-${expert.id}`,
        label: expert.userName,
        href: `/experts/${encodeURIComponent(expert.userName)}`,
        avatar: expert.avatar,
      })),
    },
    {
      heading: "Category",
      options: results.categoriesInfo.map((category) => ({
        kind: "category",
        key: `category-${category.id}`,
        label: category.name,
        href: `/discover-experts?categoryIds=${category.id}`,
      })),
    },
    {
      heading: "Posts",
      options: results.postsInfo.map((post) => ({
        kind: "post",
        key: `post-${post.id}`,
        label: post.title,
        href: `/posts/${encodeURIComponent(post.id)}`,
      })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

export interface SuggestionState {
  /** The trimmed text these results answer ("" before the first answer). */
  query: string;
  results: SearchSuggestions | null;
  failed: boolean;
}

/**
 * Asks for suggestions for `query` (already trimmed) once typing has paused, one load at a time:
 * the box shows which query an answer is for, so a slow answer never passes for a newer one's. While `enabled` is false
 * (the box is closed) nothing is asked, and the last answer is kept for when it opens again.
 * Offline, nothing is asked: the box says the suggestions failed.
 */
export function useSearchSuggestions(query: string, enabled: boolean): SuggestionState & { loading: boolean } {
  const [state, setState] = useState<SuggestionState>({ query: "", results: null, failed: false });
  const fetcher = useFetcher<ActionData<{ results: SearchSuggestions }>>();
  const asked = useRef("");
  const answered = state.query;
  const { load } = fetcher;

  useActionDone(
    fetcher,
    (answer) => setState({ query: asked.current, results: answer.results, failed: false }),
    () => setState({ query: asked.current, results: null, failed: true }),
  );

  // One load at a time: a newer query waits for the answer in flight (a load cut off mid-answer
  // makes Remix log the abort), then asks for what is typed by then.
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (!enabled || !query || query === answered || busy) return;
    const timer = window.setTimeout(() => {
      asked.current = query;
      if (navigator.onLine === false) setState({ query, results: null, failed: true });
      else load(suggestionsHref(query));
    }, SUGGEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, enabled, answered, busy, load]);

  return { loading: enabled && query !== "" && query !== answered, ...state };
}
