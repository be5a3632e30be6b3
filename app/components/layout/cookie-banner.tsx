import { Button } from "~/components/ui/button";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";

/**
 * product.md "States": unset consent shows the banner; Accept stores 'true', Reject 'false' in the
 * cookieConsent cookie. A real form, so it works before the page's scripts have loaded.
 */
export function CookieBanner() {
  const fetcher = useActionFetcher();
  // Gone while the choice is sent and once it is stored; a refusal (a toast) leaves it in place.
  if (fetcher.state !== "idle" || fetcher.data?.ok) return null;
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-[45] mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:flex sm:items-center sm:gap-4"
    >
      <p className="text-sm text-slate-700">
        We use cookies to keep you signed in and, with your consent, to understand how the site is used.{" "}
        <a href="/privacy" className="font-medium text-brand-700 underline">
          Privacy policy
        </a>
      </p>
      <fetcher.Form method="post" action="/resources/cookie-consent" className="mt-3 flex shrink-0 gap-2 sm:mt-0">
        <Button variant="secondary" size="sm" type="submit" name="consent" value="false">
          Reject
        </Button>
        <Button variant="ink" size="sm" type="submit" name="consent" value="true">
          Accept
        </Button>
      </fetcher.Form>
    </section>
  );
}
