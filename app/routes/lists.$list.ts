/**
 * `GET /lists/{list}?page&size`: the next page of a list a page shows ("Load more", infinite
 * scrolling: app/components/ui/use-more-pages.tsx and app/components/posts/infinite-post-list.tsx,
 * through `useRetryingLoad`) → `{ok, items, page, totalPages}`. Each list reads what its `/api` list
 * reads, behind the gate its page has; a signed-out reader is sent to sign in as the page would.
 */
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { forCards } from "~/modules/posts/card-post";
import { getViewer, requireConfirmedEmail, requireRoles } from "~/modules/accounts/gates.server";
import type { Viewer } from "~/modules/accounts/sessions.server";
import { listCheers } from "~/modules/cheers/cheers.server";
import { listFollowedExperts } from "~/modules/follows/follows.server";
import { jsonResult } from "~/web/action-result.server";
import { readQuery } from "~/web/api.server";
import { totalPagesOf } from "~/modules/http/page-param";
import { listPayments } from "~/modules/payments/payment-history.server";
import { listFeed, listLikedPosts, listNotifyRequestedPosts, listPosts } from "~/modules/posts/post-lists.server";
import { pageOnlyQuerySchema, postListQuerySchema } from "~/modules/posts/post-search-params";
import type { PostDTO } from "~/modules/posts/post-serializer.server";

type Gate = (request: Request, context: AppLoadContext) => Promise<Viewer | null>;
type Page = { page: number; size: number };
type ListPage<T> = { items: T[]; totalItems: number };
type Reader = (request: Request, context: AppLoadContext, viewer: Viewer | null) => Promise<Page & ListPage<unknown>>;

const signedIn: Gate = requireConfirmedEmail;
const expert: Gate = (request, context) => requireRoles(request, context, ["Expert"]);

/** A list of the viewer's own, read page by page as its `/api` list reads it. */
const own =
  <T>(read: (db: AppLoadContext["db"], viewerId: string, query: Page) => Promise<ListPage<T>>) =>
  async (request: Request, context: AppLoadContext, viewer: Viewer | null) => {
    const query = readQuery(request, pageOnlyQuerySchema);
    return { ...query, ...(await read(context.db, viewer!.user.id, query)) };
  };

/** Posts as the page's first page shows them: cards, never a body. */
const cards =
  (read: Reader): Reader =>
  async (...args) => {
    const list = await read(...args);
    return { ...list, items: forCards(list.items as PostDTO[]) };
  };

/** An expert's posts (`?expertId=`), for anyone: the serializer decides what each reader gets. */
const expertPosts: Reader = async (request, context, viewer) => {
  const query = readQuery(request, postListQuerySchema);
  return { ...query, ...(await listPosts(context.db, viewer?.user.id ?? null, query)) };
};

const LISTS: Record<string, { gate: Gate; read: Reader }> = {
  feed: { gate: signedIn, read: cards(own(listFeed)) },
  liked: { gate: signedIn, read: cards(own(listLikedPosts)) },
  watchlist: { gate: signedIn, read: cards(own(listNotifyRequestedPosts)) },
  follows: { gate: signedIn, read: own(listFollowedExperts) },
  payments: { gate: signedIn, read: own(listPayments) },
  cheers: { gate: expert, read: own(listCheers) },
  posts: { gate: getViewer, read: cards(expertPosts) },
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const list = Object.hasOwn(LISTS, params.list ?? "") ? LISTS[params.list!] : null;
  if (!list) throw new Response(null, { status: 404, statusText: "Not Found" });
  const viewer = await list.gate(request, context);
  return jsonResult(async () => {
    const { items, page, size, totalItems } = await list.read(request, context, viewer);
    return { items, page, totalPages: totalPagesOf(totalItems, size) };
  });
}
