import type { LoaderFunctionArgs } from "@remix-run/node";
import { serviceWorkerResponse } from "~/web/service-worker.server";

/** `GET /sw.js`: the background worker for the running build (decision 025). */
export function loader({ context }: LoaderFunctionArgs) {
  return serviceWorkerResponse(context.appBuild, context.env.APP_NAME);
}
