import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Search as SearchIcon, SearchX } from "~/components/ui/icons";
import { CategoryResult, ExpertResult, PostResult, type SearchPostHit } from "~/components/search/search-results";
import { PageLinks } from "~/components/ui/page-links";
import { getViewer } from "~/modules/accounts/gates.server";
import { pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { publicPageHeaders } from "~/web/public-page";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { SEARCH_MAX_LENGTH, SEARCH_TABS, type SearchTab } from "~/modules/search/search-params";
import {
  searchCategories,
  searchExperts,
  searchPosts,
  searchTabCounts,
  type CategoryHit,
  type ExpertHit,
} from "~/modules/search/search.server";
import { pageMeta } from "~/modules/seo/meta";
import { Button } from "~/components/ui/button";

/** Results per page on every tab. */
export const SEARCH_PAGE_SIZE = 10;

const TAB_LABELS: Record<SearchTab, string> = { experts: "Experts", categories: "Categories", posts: "Posts" };
const NOUNS: Record<SearchTab, [string, string]> = {
  experts: ["expert", "experts"],
  categories: ["category", "categories"],
  posts: ["post", "posts"],
};

/** What the address asks for: the query (trimmed, at most SEARCH_MAX_LENGTH), a known tab (Experts by default), a page. */
export function searchRequestOf(url: URL): { q: string; tab: SearchTab; page: number } {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const tab = url.searchParams.get("tab");
  return { q, tab: SEARCH_TABS.includes(tab as SearchTab) ? (tab as SearchTab) : "experts", page: pageFromUrl(url) };
}

/** The search page's address for a query, a tab and a page (the first page has no `page`). */
export function searchHref(q: string, tab: SearchTab, page = 1): string {
  const params = new URLSearchParams({ q, tab });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

/** A post as a result row shows it: no body, whatever the viewer may read (the post page decides that). */
function toSearchPostHit(post: PostDTO): SearchPostHit {
  return {
    id: post.id,
    postType: post.postType,
    title: post.title,
    previewText: post.previewText,
    isLocked: post.isLocked,
    coverImage: post.coverImage,
    publishDate: post.publishDate,
    categoryName: post.categoryInfo.name,
    author: {
      userName: post.author.userName,
      firstName: post.author.firstName,
      lastName: post.author.lastName,
      avatar: post.author.avatar,
    },
  };
}

/**
 * Every signed-out visitor gets the same results for the same address (a locked pick's body is
 * searched only for its readers, who are signed in), so the page micro-cache may keep it.
 */
export const headers = publicPageHeaders;

/** `/search?q=&tab=experts|categories|posts&page=`: one tab's results, paged; nothing is looked up for an empty query. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { q, tab, page } = searchRequestOf(new URL(request.url));
  const options = { page, size: SEARCH_PAGE_SIZE };
  let experts: ExpertHit[] = [];
  let categories: CategoryHit[] = [];
  let posts: SearchPostHit[] = [];
  let totalItems = 0;
  let counts: Record<SearchTab, number> | null = null;
  if (q) {
    // Every tab says how many it holds, so a reader sees where the results are.
    const viewer = await getViewer(request, context);
    const tabCounts = searchTabCounts(context.db, viewer?.user.id ?? null, q);
    // Awaited below; should the tab's own search fail first, its failure is not unhandled.
    tabCounts.catch(() => undefined);
    if (tab === "experts") {
      const found = await searchExperts(context.db, q, options);
      [experts, totalItems] = [found.items, found.totalItems];
    } else if (tab === "categories") {
      const found = await searchCategories(context.db, q, options);
      [categories, totalItems] = [found.items, found.totalItems];
    } else {
      const found = await searchPosts(context.db, viewer?.user.id ?? null, q, options);
      [posts, totalItems] = [found.items.map(toSearchPostHit), found.totalItems];
    }
    counts = await tabCounts;
  }
  return {
    q,
    tab,
    page,
    totalItems,
    totalPages: totalPagesOf(totalItems, SEARCH_PAGE_SIZE),
    counts,
    experts,
    categories,
    posts,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const q = data?.q ?? "";
  const title = q ? `Search results for "${q}"` : "Search";
  return [
    ...pageMeta(
      { matches, location },
      title,
      q ? `Experts, sports and posts matching "${q}".` : "Search experts, sports and posts.",
    ),
    // Result pages are endless variations of the site's own pages: not for search engines.
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function SearchPage() {
  const { q, tab, page, totalItems, totalPages, counts, experts, categories, posts } = useLoaderData<typeof loader>();
  const [one, many] = NOUNS[tab];
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {q ? (
            <>
              Search results for <span className="break-words text-brand-700">{`“${q}”`}</span>
            </>
          ) : (
            "Search"
          )}
        </h1>

        <Form method="get" action="/search" role="search" aria-label="New search" className="mt-4 flex gap-2" key={q}>
          <label htmlFor="search-page-query" className="sr-only">
            Search experts, categories and posts
          </label>
          <div className="relative min-w-0 flex-1">
            <SearchIcon
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              id="search-page-query"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Search experts, category or posts..."
              enterKeyHint="search"
              autoComplete="off"
              className="block w-full rounded-full border border-slate-300 bg-white py-2.5 pl-9 pr-4 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600"
            />
          </div>
          <input type="hidden" name="tab" value={tab} />
          <Button size="lg" className="shrink-0" type="submit">
            Search
          </Button>
        </Form>

        <nav aria-label="Search results by type" className="mt-5 border-b border-slate-200">
          <ul className="-mb-px flex gap-1 overflow-x-auto">
            {SEARCH_TABS.map((name) => {
              const current = name === tab;
              return (
                <li key={name}>
                  <Link
                    to={searchHref(q, name)}
                    aria-current={current ? "page" : undefined}
                    className={clsx(
                      "inline-flex items-center gap-1.5 whitespace-nowrap rounded-t-lg border-b-2 px-4 py-2.5 text-sm font-semibold",
                      current
                        ? "border-brand-600 text-slate-900"
                        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                    )}
                  >
                    {TAB_LABELS[name]}
                    {counts ? (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                        <span className="sr-only">, </span>
                        {counts[name]}
                        <span className="sr-only">{` ${counts[name] === 1 ? "result" : "results"}`}</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="mt-5">
          {!q ? (
            <Hint
              icon={<SearchIcon className="mx-auto size-8 text-slate-400" aria-hidden="true" />}
              title="What are you looking for?"
            >
              Type an expert&apos;s name, a sport such as NFL or NBA, or words from a post, then press Search.
            </Hint>
          ) : totalItems === 0 ? (
            <Hint icon={<SearchX className="mx-auto size-8 text-slate-400" aria-hidden="true" />} title="Nothing found">
              {`No ${many} match “${q}”. Check the spelling, try fewer words or another tab.`}
            </Hint>
          ) : experts.length + categories.length + posts.length === 0 ? (
            <Hint
              icon={<SearchX className="mx-auto size-8 text-slate-400" aria-hidden="true" />}
              title="No more results"
            >
              <Link to={searchHref(q, tab)} className="font-semibold text-brand-700 hover:underline">
                Back to the first page
              </Link>
            </Hint>
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-600">{`${totalItems} ${totalItems === 1 ? one : many} found`}</p>
              <ul aria-label={`${TAB_LABELS[tab]} matching “${q}”`} className="space-y-3">
                {experts.map((expert) => (
                  <li key={expert.id}>
                    <ExpertResult expert={expert} />
                  </li>
                ))}
                {categories.map((category) => (
                  <li key={category.id}>
                    <CategoryResult category={category} />
                  </li>
                ))}
                {posts.map((post) => (
                  <li key={post.id}>
                    <PostResult post={post} />
                  </li>
                ))}
              </ul>
              <PageLinks
                page={page}
                totalPages={totalPages}
                hrefFor={(n) => searchHref(q, tab, n)}
                label={`Pages of ${TAB_LABELS[tab].toLowerCase()}`}
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function Hint({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      {icon}
      <p className="mt-3 font-semibold text-slate-900">{title}</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">{children}</p>
    </div>
  );
}
