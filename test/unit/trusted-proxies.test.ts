/** Which peers may speak for a client (X-Forwarded-*): the private network's, no one else, remembered or not. */
import { describe, expect, it } from "vitest";
import { trustedProxies } from "../../server/trusted-proxies";

const TRUSTED = [
  "127.0.0.1",
  "::1",
  "::ffff:127.0.0.1",
  "10.1.2.3",
  "172.16.0.9",
  "192.168.1.1",
  "169.254.3.4",
  "fd12::1",
  "fe80::1",
];
const UNTRUSTED = ["8.8.8.8", "172.32.0.1", "193.168.1.1", "2001:db8::1", "::ffff:8.8.8.8", "not an address", ""];

describe("trustedProxies", () => {
  it("trusts loopback, link-local and unique-local peers only, the same when asked again", () => {
    const trusts = trustedProxies();
    for (let round = 0; round < 2; round++) {
      for (const address of TRUSTED) expect(trusts(address, 0), address).toBe(true);
      for (const address of UNTRUSTED) expect(trusts(address, 1), address).toBe(false);
    }
  });

  it("answers the same once it has forgotten what it remembered (more than 1,000 peers)", () => {
    const trusts = trustedProxies();
    for (let i = 0; i < 2_500; i++) expect(trusts(`203.0.${i >> 8}.${i & 255}`, 0)).toBe(false);
    for (const address of TRUSTED) expect(trusts(address, 0), address).toBe(true);
    expect(trusts("8.8.8.8", 0)).toBe(false);
  });
});
