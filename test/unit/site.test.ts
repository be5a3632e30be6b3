import { describe, expect, it } from "vitest";
import { avatarSvg, initialsOf } from "~/modules/avatars/avatar-svg";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { readCookie, preferenceCookie } from "~/modules/http/cookies";
import { formatUsd, formatUsdPlain } from "~/modules/money/money";
import { defaultMeta, pageMeta, shareMeta, titleFor } from "~/modules/seo/meta";
import { TOP_FAQS, visibleNavItems, type NavItem } from "~/modules/site/site";

describe("titles (product.md 'What it is')", () => {
  it("puts the page title, a vertical bar and the product name in capitals", () => {
    expect(titleFor("Sharpside", "Contacts")).toBe("Contacts | SHARPSIDE");
    expect(titleFor("Sharpside")).toBe("SHARPSIDE");
    expect(defaultMeta()).toEqual([
      { title: "SHARPSIDE" },
      { name: "description", content: "Professional Handicappers" },
    ]);
    expect(
      pageMeta(
        {
          matches: [{ id: "root", data: { appName: "Edgeline" } }],
          location: { pathname: "/terms" },
        },
        "Terms",
      )[0],
    ).toEqual({ title: "Terms | EDGELINE" });
  });
});

describe("canonical address and share cards", () => {
  const root = {
    id: "root",
    data: { appName: "Sharpside", siteUrl: "https://sharpside.example" },
  };
  const tags = (list: ReturnType<typeof pageMeta>) =>
    Object.fromEntries(
      (list as Record<string, string | undefined>[]).map((tag) => [
        String(tag.property ?? tag.name ?? tag.rel ?? "title"),
        tag.content ?? tag.href ?? tag.title,
      ]),
    );

  it("gives every page its canonical address without the query, and the site's share card through the image proxy", () => {
    const meta = tags(
      pageMeta({ matches: [root], location: { pathname: "/discover-experts" } }, "Discover experts", "Find experts."),
    );
    expect(meta).toMatchObject({
      title: "Discover experts | SHARPSIDE",
      description: "Find experts.",
      canonical: "https://sharpside.example/discover-experts",
      "og:url": "https://sharpside.example/discover-experts",
      "og:type": "website",
      "og:site_name": "Sharpside",
      "og:title": "Discover experts",
      "og:description": "Find experts.",
      "og:image": "https://sharpside.example/img?src=%2Fshare-card.png&w=1280&q=75",
      "og:image:alt": "Sharpside: Professional Handicappers",
      "twitter:card": "summary_large_image",
      "twitter:title": "Discover experts",
      "twitter:description": "Find experts.",
      "twitter:image": "https://sharpside.example/img?src=%2Fshare-card.png&w=1280&q=75",
    });
  });

  it("shows a page's own picture: a wide one as the large card, a square one (an avatar) as the small", () => {
    const card = {
      appName: "Sharpside",
      siteUrl: "https://s.example",
      url: "https://s.example/x",
      title: "X",
      description: "Y",
    };
    const wide = tags(
      shareMeta({
        ...card,
        image: { src: "uploads/cover.jpg", alt: "Cover", wide: true },
      }),
    );
    expect(wide["og:image"]).toBe("https://s.example/img?src=uploads%2Fcover.jpg&w=1280&q=75");
    expect(wide["twitter:card"]).toBe("summary_large_image");
    const square = tags(
      shareMeta({
        ...card,
        type: "profile",
        image: { src: "/avatars/ab.svg", alt: "Avatar", wide: false },
      }),
    );
    expect(square["og:image"]).toBe("https://s.example/img?src=%2Favatars%2Fab.svg&w=640&q=75");
    expect(square["twitter:card"]).toBe("summary");
    expect(square["og:type"]).toBe("profile");
  });
});

describe("navigation roles (product.md 'Roles and permissions')", () => {
  const items: NavItem[] = [
    { label: "Everyone", to: "/a", roles: [] },
    { label: "Experts", to: "/b", roles: ["Expert"] },
  ];
  it("shows visitors only items with no roles, and users the items matching a role", () => {
    expect(visibleNavItems(items, null).map((i) => i.label)).toEqual(["Everyone"]);
    expect(visibleNavItems(items, ["User"]).map((i) => i.label)).toEqual(["Everyone"]);
    expect(visibleNavItems(items, ["Expert"]).map((i) => i.label)).toEqual(["Everyone", "Experts"]);
  });
});

describe("error catalogue (product.md 'Error messages')", () => {
  it("has the product's text per status", () => {
    expect(defaultErrorMessage(403)).toBe(
      "Sorry, but you don’t have permission to access this area. Try another account or connect to the support team.",
    );
    expect(defaultErrorMessage(422)).toBe("Violation of business rules/data integrity took place.");
    expect(defaultErrorMessage(429)).toBe("Too many requests. Try again later.");
    expect(defaultErrorMessage(413)).toBe(
      "Oops, something went wrong, please try again or connect to the support team.",
    );
    expect(defaultErrorMessage(502)).toBe(defaultErrorMessage(413));
  });
});

describe("cookies", () => {
  it("reads one cookie among many and writes a year-long preference", () => {
    expect(readCookie("a=1; cookieConsent=true; b=2", "cookieConsent")).toBe("true");
    expect(readCookie("a=1", "cookieConsent")).toBeNull();
    expect(readCookie(null, "x")).toBeNull();
    expect(readCookie("x=%E0%A4%A", "x")).toBeNull();
    expect(preferenceCookie("cookieConsent", "false")).toBe(
      "cookieConsent=false; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });
});

describe("money (product.md 'Limits')", () => {
  it("shows cents as USD without minimum fraction digits, or with 2 decimals in plain form", () => {
    expect(formatUsd(2999)).toBe("$29.99");
    expect(formatUsd(2000)).toBe("$20");
    expect(formatUsdPlain(2000)).toBe("20.00");
  });
});

describe("generated avatars", () => {
  it("uses initials and the same colour for the same name", () => {
    expect(initialsOf("LeBronPicks")).toBe("LP");
    expect(initialsOf("alex.fan")).toBe("AF");
    expect(initialsOf("x")).toBe("X");
    const colours = (svg: string) => [...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    expect(colours(avatarSvg("GridironGuru"))).toEqual(colours(avatarSvg("gridironguru")));
    expect(colours(avatarSvg("GridironGuru"))).toHaveLength(2);
    expect(new Set(["a", "b", "c", "d", "e", "f", "g", "h"].map((n) => colours(avatarSvg(n))[0])).size).toBeGreaterThan(
      1,
    );
    expect(avatarSvg("<script>")).not.toContain("<script>");
  });
});

describe("FAQ (product.md 'What it is')", () => {
  it("covers every point product.md lists", () => {
    const text = TOP_FAQS.map((f) => `${f.question} ${f.answer}`).join(" ");
    for (const point of [
      "mobile web version",
      "mobile app is in development",
      "first 300 experts",
      "card payment provider",
      "Cheers",
      "win/loss",
      "leaderboard",
      "AI assistant",
      "swag bag",
      "charity events",
    ]) {
      expect(text).toContain(point);
    }
  });
});
