/**
 * The header search's suggestions (product.md "Screens and routes" and "Entities"): `GET /api/search` asked for the top
 * few experts, categories and posts matching the typed text, and the links each one leads to.
 */
import { useEffect, useState } from "react";
import { apiFetch } from "~/modules/http/api-client";
import type { SearchSuggestions } from "~/modules/search/search-params";

/** How many of each kind the box shows. */
export const SUGGESTIONS_PER_GROUP = 5;
/** Typing pauses this long before the box asks: one request per pause, not per key. */
export const SUGGEST_DELAY_MS = 200;

export function fetchSearchSuggestions(searchValue: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  return apiFetch<{ payload: SearchSuggestions }>("/api/search", {
    query: { searchValue, topCount: SUGGESTIONS_PER_GROUP },
    signal,
  }).then((answer) => answer.payload);
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
 * Asks for suggestions for `query` (already trimmed) once typing has paused. A newer query aborts
 * the older request, so a slow answer never overwrites a newer one. While `enabled` is false
 * (the box is closed) nothing is asked, and the last answer is kept for when it opens again.
 */
export function useSearchSuggestions(query: string, enabled: boolean): SuggestionState & { loading: boolean } {
  const [state, setState] = useState<SuggestionState>({ query: "", results: null, failed: false });
  const answered = state.query;

  useEffect(() => {
    if (!enabled || !query || query === answered) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchSearchSuggestions(query, controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setState({ query, results, failed: false });
        },
        () => {
          if (!controller.signal.aborted) setState({ query, results: null, failed: true });
        },
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, enabled, answered]);

  return { ...state, loading: enabled && query !== "" && query !== answered };
}
