/**
 * Which peers may speak for a client through X-Forwarded-For and X-Forwarded-Proto: a load
 * balancer on a private network (loopback, link-local and unique-local addresses), no one else.
 * Express asks on every request (Remix's adapter reads `req.protocol`); proxy-addr parses the
 * peer's address each time it is asked, about 1 % of a small request, so answers are kept per
 * address (at most 1,000 addresses, then forgotten together).
 */
import proxyaddr from "proxy-addr";

const TRUSTED_RANGES = ["loopback", "linklocal", "uniquelocal"];
const REMEMBERED = 1_000;

export function trustedProxies(): (address: string, hop: number) => boolean {
  // A list of ranges: proxy-addr's answer depends on the address, not on the hop.
  const trusts = proxyaddr.compile(TRUSTED_RANGES);
  const answers = new Map<string, boolean>();
  return (address, hop) => {
    let trusted = answers.get(address);
    if (trusted === undefined) {
      trusted = trusts(address, hop);
      if (answers.size >= REMEMBERED) answers.clear();
      answers.set(address, trusted);
    }
    return trusted;
  };
}
