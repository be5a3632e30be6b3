import type { MetaDescriptor } from "@remix-run/node";

export const DEFAULT_DESCRIPTION = "Professional Handicappers";

/** SPEC.md section 1: "Page | SHARPSIDE"; the default title is the product name in capitals. */
export function titleFor(appName: string, page?: string): string {
  const product = appName.toUpperCase();
  return page ? `${page} | ${product}` : product;
}

export function defaultMeta(appName = "Sharpside"): MetaDescriptor[] {
  return [{ title: titleFor(appName) }, { name: "description", content: DEFAULT_DESCRIPTION }];
}

type Matches = ReadonlyArray<{ id: string; data: unknown } | undefined>;

/** The configured product name, from the root loader's data. */
export function appNameFrom(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.data as { appName?: string } | undefined;
  return root?.appName ?? "Sharpside";
}

/** A route's meta: its title in the template, its description (or the default). */
export function pageMeta(matches: Matches, page: string, description: string = DEFAULT_DESCRIPTION): MetaDescriptor[] {
  return [
    { title: titleFor(appNameFrom(matches), page) },
    { name: "description", content: description },
    { property: "og:title", content: page },
    { property: "og:description", content: description },
  ];
}
