import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveMedia } from "~/modules/uploads/media-serve.server";

/** `GET /media/<key>?expires=…&signature=…`: a post's video (app/modules/uploads/media-serve.server.ts). */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return serveMedia(request, context, params["*"] ?? "");
}
