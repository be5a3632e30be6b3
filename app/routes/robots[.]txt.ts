import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/web/public-page";
import { robotsTxt } from "~/modules/seo/sitemap.server";

/** `/robots.txt`: everything public may be crawled, a user's own screens and the API not; where the sitemap is. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(request, context.env.APP_URL)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
