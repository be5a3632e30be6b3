import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/web/public-page";
import { sitemapUrls, urlsetXml } from "~/modules/seo/sitemap.server";

/** `/sitemap/{kind}-{n}.xml`: one file of the sitemap; 404 for one that does not exist. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const urls = await sitemapUrls(context.db, params.file ?? "");
  if (!urls)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(urlsetXml(siteOrigin(request, context.env.APP_URL), urls), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
