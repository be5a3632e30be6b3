/** JSON-LD: what a post and an expert tell search engines, and that no text breaks out of its script. */
import { describe, expect, it } from "vitest";
import { articleJsonLd, PAYWALLED_CLASS, personJsonLd, scriptSafeJson } from "~/modules/seo/structured-data";

const author = { userName: "LeBronPicks", firstName: "Marcus", lastName: "Hale" };
const post = (postType: "Post" | "Pick") => ({
  postType,
  title: "Lakers </script><script>alert(1)</script> tonight",
  publishDate: "2026-11-24T10:00:00.000Z",
  createdAt: "2026-11-24T09:00:00.000Z",
  author,
});

describe("structured data", () => {
  it("a pick is an Article not free to read, its locked part named by its selector; a post is free", () => {
    const pick = articleJsonLd({
      post: post("Pick"),
      description: "A teaser.",
      url: "https://s.example/posts/1",
      imageUrl: "/img?src=x",
      siteUrl: "https://s.example",
      appName: "Sharpside",
    });
    expect(pick).toMatchObject({
      "@type": "Article",
      isAccessibleForFree: false,
      hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: `.${PAYWALLED_CLASS}` },
      image: "https://s.example/img?src=x",
      author: { "@type": "Person", name: "Marcus Hale", url: "https://s.example/experts/LeBronPicks" },
      datePublished: "2026-11-24T10:00:00.000Z",
      description: "A teaser.",
    });
    const free = articleJsonLd({
      post: post("Post"),
      description: "",
      url: "u",
      imageUrl: null,
      siteUrl: "https://s.example",
      appName: "Sharpside",
    });
    expect(free).toMatchObject({ isAccessibleForFree: true });
    expect(free).not.toHaveProperty("hasPart");
    expect(free).not.toHaveProperty("image");
  });

  it("an expert is a Person; the JSON is safe inside a script element and still the same data", () => {
    const person = personJsonLd({
      expert: { ...author, avatar: "/avatars/x.svg", expertAboutText: "NBA sides." },
      url: "https://s.example/experts/LeBronPicks",
      imageUrl: "/img?src=a",
      siteUrl: "https://s.example",
    });
    expect(person).toMatchObject({
      "@type": "Person",
      name: "Marcus Hale",
      alternateName: "@LeBronPicks",
      description: "NBA sides.",
      image: "https://s.example/img?src=a",
    });
    const json = scriptSafeJson(
      articleJsonLd({ post: post("Pick"), description: "a & b", url: "u", imageUrl: null, siteUrl: "", appName: "S" }),
    );
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json).headline).toBe("Lakers </script><script>alert(1)</script> tonight");
  });
});
