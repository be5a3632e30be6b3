import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveImage } from "~/modules/images/image-proxy.server";

/** `GET /img?src=…&w=…&q=…`: the image proxy (app/modules/images/image-proxy.server.ts). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return serveImage(request, context);
}
