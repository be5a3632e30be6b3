/**
 * No page hands back an attacker-sized answer. Every page route of the manifest:
 * - with an address past MAX_URL_LENGTH, is a 414 of a few bytes, as a visitor and signed in
 *   (pages repeat their own address in links and form actions: this bounds what a query puts in);
 * - with every query key a page reads stretched to fill the address, or set to numbers past every
 *   bound, never answers a 5xx or more than MAX_PAGE_BYTES (lists are paged whatever `size`
 *   asks), as a visitor (the HTML, which carries the loader data too) and as a subscriber and an
 *   expert (the `.data` turbo-stream encodes).
 */
import { expect, test, type APIRequestContext } from "./support/test";
import { MAX_URL_LENGTH } from "../../server/body-limit";
import { uniqueClientIp } from "./support/helpers";
import { apiSignedIn, dataUrl, pageUrls } from "./support/routes";

const MAX_PAGE_BYTES = 512 * 1024;
/** Every query key a page loader reads (search, lists, leaderboard, sign-in and sign-up, the post page, admin). */
const KEYS = [
  "q",
  "tab",
  "page",
  "size",
  "sort",
  "categoryIds",
  "categoryId",
  "window",
  "callbackUrl",
  "token",
  "flow",
  "scrollTo",
  "correct",
  "provider",
  "email",
  "name",
  "cursor",
  "afterCursor",
];

const withQuery = (url: string, query: string) => `${url}${url.includes("?") ? "&" : "?"}${query}`;
/** The address padded with `z`s (its last query value grows) to `length` characters. */
const padded = (target: string, length: number) => `${target}${"z".repeat(Math.max(0, length - target.length))}`;

test("every page, however its query is stretched: past 4,096 characters a 414, under it no 5xx and no answer past 512 KB", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const visitor = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  const subscriber = await apiSignedIn(playwright, baseURL!, "alex.fan");
  const expert = await apiSignedIn(playwright, baseURL!, "LeBronPicks");
  const urls = await pageUrls(visitor);
  // Each key gets an equal share of the address, the last one padded to its very end.
  const share = Math.floor((MAX_URL_LENGTH - 120) / KEYS.length) - 12;
  const stretched = KEYS.map((key) => `${key}=${"z".repeat(share)}`).join("&");
  const extremes =
    "page=99999999&size=100000&categoryId=99999999999&categoryIds=1&categoryIds=99999999999&window=all&tab=picks&sort=newest";

  const problems: string[] = [];
  const ask = async (who: string, client: APIRequestContext, target: string) => {
    const response = await client.get(target, { maxRedirects: 0, timeout: 20_000 });
    const body = await response.body();
    return {
      where: `${who} ${target.slice(0, 70)}… (${target.length} characters, ${response.status()})`,
      status: response.status(),
      bytes: body.byteLength,
    };
  };
  for (const url of urls) {
    const asked = [
      ["visitor", visitor, (target: string) => target],
      ["subscriber", subscriber, dataUrl],
      ["expert", expert, dataUrl],
    ] as const;
    for (const [who, client, form] of asked) {
      const tooLong = await ask(who, client, padded(form(withQuery(url, "q=")), MAX_URL_LENGTH + 1));
      if (tooLong.status !== 414 || tooLong.bytes > 200)
        problems.push(`${tooLong.where}: not a short 414 (${tooLong.bytes} bytes)`);
      for (const query of [stretched, extremes]) {
        const target =
          query === stretched ? padded(form(withQuery(url, query)), MAX_URL_LENGTH) : form(withQuery(url, query));
        expect(target.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
        const answer = await ask(who, client, target);
        if (answer.status >= 500) problems.push(`${answer.where}: a server error`);
        if (answer.bytes > MAX_PAGE_BYTES) problems.push(`${answer.where}: ${answer.bytes} bytes`);
      }
    }
  }
  expect(problems).toEqual([]);
  await Promise.all([visitor.dispose(), subscriber.dispose(), expert.dispose()]);
});
