import type { LoaderFunctionArgs } from "@remix-run/node";
import { avatarSvg } from "~/modules/avatars/avatar-svg";

/** `/avatars/{name}.svg`: a generated avatar; the same name always gives the same picture. */
export function loader({ params }: LoaderFunctionArgs) {
  const match = /^([\w.-]{1,64})\.svg$/.exec(params.name ?? "");
  if (!match) throw new Response("Not found", { status: 404 });
  return new Response(avatarSvg(match[1]), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400, immutable",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
