import { scriptSafeJson } from "~/modules/seo/structured-data";

/** A JSON-LD block (data, never run): escaped so no text in it can close the script element. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}
