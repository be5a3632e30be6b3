import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/** product.md lists /email-verification/verify among the known routes: it is the code screen. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/email-verification${new URL(request.url).search}`);
}
