import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { preferenceCookie } from "~/modules/http/cookies";
import { readForm } from "~/web/form-input.server";

/** Stores the cookie-banner choice: cookieConsent=true (Accept) or false (Reject). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const consent = form.get("consent");
  if (consent !== "true" && consent !== "false") {
    return Response.json({ ok: false, error: "Choose Accept or Reject.", statusCode: 422 }, { status: 422 });
  }
  const headers = {
    "Set-Cookie": preferenceCookie("cookieConsent", consent, { secure: context.env.APP_URL.startsWith("https:") }),
  };
  // Without scripts the form posts here directly: send the browser back where it was.
  const accept = request.headers.get("Accept") ?? "";
  if (accept.includes("text/html")) {
    const back = parseUrl(request.headers.get("Referer"));
    const path = back && back.origin === new URL(request.url).origin ? back.pathname : "/";
    // A page at "//other.example/x" of this site must not send the browser to another site.
    return redirect(path.startsWith("//") ? "/" : path, { headers });
  }
  return Response.json({ ok: true, consent }, { headers });
}

function parseUrl(value: string | null): URL | null {
  try {
    return value ? new URL(value) : null;
  } catch {
    return null;
  }
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
