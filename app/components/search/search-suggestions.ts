/**
 * The header search's suggestions (product.md "Screens and routes" and "Entities"): the top few
 * experts, categories and posts matching the typed text, from the suggestions loader
 * (app/routes/search_.suggestions.ts, what `GET /api/search` answers), and the links each one
 * leads to.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useRetryingLoad } from "~/components/ui/retrying-load";
import { useActionDone } from "~/components/ui/use-action-done";
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
  /** The server's words for a refusal it meant (a 4xx), when it failed so. */
  error?: string;
}

/**
 * Asks for suggestions for `query` (already trimmed) once typing has paused; a newer query drops
 * the load under way, so a slow answer never passes for a newer one's. A blip is asked again
 * (`useRetryingLoad`); when that fails too, `failed` is set and `retry` asks once more. While
 * `enabled` is false (the box is closed) nothing is asked, and the last answer is kept for when it
 * opens again. Offline, nothing is asked: the box says the suggestions failed.
 */
export function useSearchSuggestions(
  query: string,
  enabled: boolean,
): SuggestionState & { loading: boolean; retrying: boolean; retry: () => void } {
  const [state, setState] = useState<SuggestionState>({ query: "", results: null, failed: false });
  const loader = useRetryingLoad<{ results: SearchSuggestions }>();
  const asked = useRef("");
  const { load } = loader;

  useActionDone(
    loader,
    (answer) => setState({ query: asked.current, results: answer.results, failed: false }),
    (failure) => setState({ query: asked.current, results: null, failed: true, error: failure.error }),
  );
  const ranOut = loader.failed && loader.state === "idle";
  useEffect(() => {
    if (ranOut) setState({ query: asked.current, results: null, failed: true });
  }, [ranOut]);

  const ask = useCallback(
    (text: string) => {
      asked.current = text;
      if (navigator.onLine === false) setState({ query: text, results: null, failed: true });
      else load(suggestionsHref(text));
    },
    [load],
  );

  useEffect(() => {
    if (!enabled || !query || query === asked.current) return;
    const timer = window.setTimeout(() => ask(query), SUGGEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, enabled, ask]);

  const retry = useCallback(() => ask(asked.current), [ask]);
  return {
    loading: enabled && query !== "" && query !== state.query,
    retrying: loader.retrying,
    retry,
    ...state,
  };
}
