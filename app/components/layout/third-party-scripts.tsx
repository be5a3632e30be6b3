import { useEffect } from "react";
import { browserOnly } from "~/components/ui/browser-only";

/**
 * The analytics tag and the support messenger (decision 025): each configured by an
 * environment variable, added to the page only once the visitor has accepted cookies, never
 * before and never after Reject. Added by our own (nonced) script, which the CSP's
 * 'strict-dynamic' lets load them; each is added once per page, however often this renders.
 */
export const ThirdPartyScripts = browserOnly(function ThirdPartyScripts({
  consent,
  sources,
}: {
  consent: string | null;
  sources: string[];
}) {
  useEffect(() => {
    if (consent !== "true") return;
    for (const src of sources) {
      if (document.querySelector(`script[data-third-party="${CSS.escape(src)}"]`)) continue;
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.dataset.thirdParty = src;
      document.body.appendChild(script);
    }
  }, [consent, sources]);
  return null;
});
