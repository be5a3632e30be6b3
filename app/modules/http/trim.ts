/**
 * product.md "Validation": request strings are trimmed of leading and trailing whitespace, recursively,
 * except strings inside an object that has a non-empty `text` field (rich-text leaves, whose
 * spaces are content).
 */
export function trimStrings<T>(value: T): T {
  if (typeof value === "string") return value.trim() as T;
  if (Array.isArray(value)) return value.map((item) => trimStrings(item)) as T;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const isTextLeaf = typeof record.text === "string" && record.text !== "";
    // fromEntries defines own properties, so a "__proto__" key stays data, never a prototype.
    return Object.fromEntries(
      Object.entries(record).map(([key, item]) => [
        key,
        isTextLeaf && typeof item === "string" ? item : trimStrings(item),
      ]),
    ) as T;
  }
  return value;
}
