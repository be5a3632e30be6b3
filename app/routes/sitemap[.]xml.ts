import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/web/public-page";
import { sitemapFiles, sitemapIndexXml } from "~/modules/seo/sitemap.server";

/** `/sitemap.xml`: the sitemap index, a file per kind and 50,000 URLs (`/sitemap/{kind}-{n}.xml`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const xml = sitemapIndexXml(siteOrigin(request, context.env.APP_URL), await sitemapFiles(context.db));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
