/**
 * Query strings of the search API (product.md "Entities", decision 025). A query longer than
 * SEARCH_MAX_LENGTH or a malformed number is a 400 through `readQuery`; no searchValue is an
 * empty search (empty groups), not an error.
 */
import { z } from "zod";
import { pageQuery, wholeNumber } from "~/modules/http/search-params";

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_TABS = ["experts", "categories", "posts"] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

const searchValue = z
  .string()
  .max(SEARCH_MAX_LENGTH, `Must contain at most ${SEARCH_MAX_LENGTH} character(s)`)
  .default("");

/** `GET /api/search?searchValue&topCount` (5 suggestions per group by default, at most 20). */
export const suggestionsQuerySchema = z.object({ searchValue, topCount: wholeNumber(1, 20, 5) });

/** `GET /api/search/{tab}?searchValue&page&size` */
export const searchPageQuerySchema = z.object({ searchValue, ...pageQuery });

/** product.md "Entities": the search results payload of `GET /api/search` (server and browser alike). */
export interface SearchSuggestions {
  expertsInfo: { id: string; userName: string; avatar: string }[];
  categoriesInfo: { id: number; name: string }[];
  postsInfo: { id: string; title: string }[];
}
