import type { LoaderFunctionArgs } from "@remix-run/node";

/** The web app manifest: installable on phones, the app's name, colours and icons (public/icons, scripts/make-icons.js). */
export function loader({ context }: LoaderFunctionArgs) {
  const manifest = {
    name: context.env.APP_NAME,
    short_name: context.env.APP_NAME,
    description: "Sports-betting experts' free posts, subscriber picks and a verified record.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#0b1220",
    theme_color: "#0b1220",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
