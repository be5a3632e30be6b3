import { z } from "zod";
import { DEFAULT_PAGE_SIZE } from "./page-param";

/** A whole number in the query string (`?size=10`), within bounds, with a default when absent. */
export const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, "Must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`))
    .default(String(fallback));

/** product.md "API conventions": page from 1, size 5 by default and at most 100. */
export const pageQuery = { page: wholeNumber(1, 100_000, 1), size: wholeNumber(1, 100, DEFAULT_PAGE_SIZE) };

/** A reference-data id (categories, modalities, events are integers). */
export const idParam = z
  .string()
  .regex(/^\d{1,9}$/, "Must be a whole number")
  .transform(Number);
/** A path's integer id (`/api/events/{id}`), or null for a malformed one (the route answers 404). */
export const pathId = (raw: string | undefined): number | null => (/^\d{1,9}$/.test(raw ?? "") ? Number(raw) : null);
