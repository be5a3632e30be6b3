import { render, screen, within } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { safeLink, SlateRender, xPost, youTubeId } from "~/components/posts/slate-render";

const SITE = "https://sharpside.example";
const text = (value: string, marks: Record<string, boolean> = {}) => ({ text: value, ...marks });
const paragraph = (...children: unknown[]) => ({ type: "paragraph", children });

describe("SlateRender", () => {
  it("renders every block type as its element, body headings below the page's h1", () => {
    const { container } = render(
      <SlateRender
        nodes={[
          { type: "heading-one", children: [text("Big heading")] },
          { type: "heading-two", children: [text("Small heading")] },
          paragraph(text("Plain paragraph")),
          { type: "block-quote", children: [text("Quoted line")] },
          {
            type: "bulleted-list",
            children: [
              { type: "list-item", children: [text("Bullet one")] },
              { type: "list-item", children: [text("Bullet two")] },
            ],
          },
          { type: "numbered-list", children: [{ type: "list-item", children: [text("Step one")] }] },
        ]}
      />,
    );
    expect(screen.getByRole("heading", { level: 2, name: "Big heading" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Small heading" })).toBeTruthy();
    expect(container.querySelector("p")?.textContent).toBe("Plain paragraph");
    expect(container.querySelector("blockquote")?.textContent).toBe("Quoted line");
    const [bullets, steps] = screen.getAllByRole("list");
    expect(bullets.tagName).toBe("UL");
    expect(
      within(bullets)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Bullet one", "Bullet two"]);
    expect(steps.tagName).toBe("OL");
    expect(within(steps).getByRole("listitem").textContent).toBe("Step one");
  });

  it("applies bold and italic marks, together too, and keeps soft line breaks", () => {
    const { container } = render(
      <SlateRender
        nodes={[
          paragraph(
            text("bold", { bold: true }),
            text(" and "),
            text("italic", { italic: true }),
            text(" "),
            text("both", { bold: true, italic: true }),
            text(" a\nb"),
          ),
        ]}
      />,
    );
    const p = container.querySelector("p")!;
    expect(p.querySelector("strong")?.textContent).toBe("bold");
    expect(p.querySelector("em")?.textContent).toBe("italic");
    expect(p.querySelector("strong > em")?.textContent).toBe("both");
    expect(p.querySelector("br")).not.toBeNull();
    expect(p.textContent).toBe("bold and italic both ab");
  });

  it("opens internal links normally and external ones in a new tab without follow, opener or referrer", () => {
    render(
      <SlateRender
        siteOrigin={SITE}
        nodes={[
          paragraph(
            { type: "link", url: "/experts/LeBronPicks", children: [text("relative")] },
            { type: "link", url: `${SITE}/posts/1`, children: [text("same origin")] },
            { type: "link", url: "https://elsewhere.example/a", children: [text("external")] },
            { type: "link", url: "//elsewhere.example/b", children: [text("scheme relative")] },
            { type: "link", url: "http://sharpside.example/posts/2", children: [text("other scheme")] },
          ),
        ]}
      />,
    );
    for (const name of ["relative", "same origin"]) {
      const link = screen.getByRole("link", { name });
      expect(link.getAttribute("target")).toBeNull();
      expect(link.getAttribute("rel")).toBeNull();
    }
    expect(screen.getByRole("link", { name: "relative" }).getAttribute("href")).toBe("/experts/LeBronPicks");
    for (const name of ["external", "scheme relative", "other scheme"]) {
      const link = screen.getByRole("link", { name });
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("nofollow noopener noreferrer");
    }
  });

  it("without a site origin only site paths are internal", () => {
    render(<SlateRender nodes={[paragraph({ type: "link", url: `${SITE}/x`, children: [text("absolute")] })]} />);
    expect(screen.getByRole("link", { name: "absolute" }).getAttribute("target")).toBe("_blank");
  });

  it("never makes a link of javascript:, data: or garbage, but keeps its text", () => {
    const { container } = render(
      <SlateRender
        siteOrigin={SITE}
        nodes={[
          paragraph(
            { type: "link", url: "javascript:alert(1)", children: [text("js")] },
            { type: "link", url: " JaVaScRiPt:alert(1)", children: [text("js2")] },
            { type: "link", url: "data:text/html,<script>alert(1)</script>", children: [text("data")] },
            { type: "link", url: "http://[bad", children: [text("broken")] },
            { type: "link", children: [text("none")] },
          ),
        ]}
      />,
    );
    expect(container.querySelectorAll("a")).toHaveLength(0);
    expect(container.textContent).toBe("jsjs2databrokennone");
  });

  it("renders images through the image proxy with their alt text, lazily", () => {
    render(
      <SlateRender
        nodes={[{ type: "image", url: "uploads/u1/chart.png", alt: "Line movement chart", children: [text("")] }]}
      />,
    );
    const image = screen.getByRole("img", { name: "Line movement chart" });
    expect(image.getAttribute("src")).toBe("/img?src=uploads%2Fu1%2Fchart.png&w=768&q=75");
    expect(image.getAttribute("srcset")).toContain("w=1600");
    expect(image.getAttribute("loading")).toBe("lazy");
  });

  it("embeds YouTube as a lazy, titled youtube-nocookie iframe", () => {
    const { container } = render(
      <SlateRender
        nodes={[
          {
            type: "embed",
            provider: "youtube",
            url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10",
            children: [text("")],
          },
          {
            type: "embed",
            provider: "youtube",
            url: "https://youtu.be/abcdefghijk",
            title: "Week 12 preview",
            children: [text("")],
          },
        ]}
      />,
    );
    const frames = container.querySelectorAll("iframe");
    expect(frames).toHaveLength(2);
    expect(frames[0].getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(frames[0].getAttribute("title")).toBe("YouTube video");
    expect(frames[0].getAttribute("loading")).toBe("lazy");
    expect(frames[1].getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/abcdefghijk");
    expect(frames[1].getAttribute("title")).toBe("Week 12 preview");
  });

  it("shows an X post as a link card, with no script of X's", () => {
    const { container } = render(
      <SlateRender
        nodes={[{ type: "embed", provider: "x", url: "https://x.com/SharpBettor/status/123456", children: [text("")] }]}
      />,
    );
    const card = screen.getByRole("link", { name: /Post by @SharpBettor on X/ });
    expect(card.getAttribute("href")).toBe("https://x.com/SharpBettor/status/123456");
    expect(card.getAttribute("target")).toBe("_blank");
    expect(card.getAttribute("rel")).toBe("nofollow noopener noreferrer");
    expect(container.querySelector("script, iframe")).toBeNull();
  });

  it("renders an emoji as an image with a label (the picker's name when it has one)", () => {
    render(
      <SlateRender
        nodes={[
          paragraph(
            text("Lock it "),
            { type: "emoji", emoji: "🔥", name: "fire", children: [text("")] },
            { type: "emoji", emoji: "🎯", children: [text("")] },
            { type: "emoji", emoji: "🦄", children: [text("")] },
          ),
        ]}
      />,
    );
    // The grid's emoji are drawn from our own pictures, the same on every system; any other stays text.
    const fire = screen.getByRole("img", { name: "fire" });
    expect(fire.querySelector("img")?.getAttribute("src")).toMatch(/1f525[^/]*\.svg(\?.*)?$/);
    expect(fire.querySelector("img")?.getAttribute("alt")).toBe("");
    expect(screen.getByRole("img", { name: "bullseye" }).querySelector("img")?.getAttribute("src")).toMatch(
      /1f3af[^/]*\.svg(\?.*)?$/,
    );
    expect(screen.getByRole("img", { name: "🦄" }).textContent).toBe("🦄");
  });

  it("degrades unknown types: a block to a paragraph, an inline to its text; drops broken voids", () => {
    const { container } = render(
      <SlateRender
        nodes={[
          { type: "table", children: [text("Unknown block")] },
          paragraph(text("Before "), { type: "mention", children: [text("inline text")] }, text(" after")),
          { type: "image", children: [text("")] },
          { type: "embed", provider: "youtube", url: "javascript:alert(1)", children: [text("")] },
          "not a node",
          null,
          { children: "not an array" },
        ]}
      />,
    );
    const paragraphs = [...container.querySelectorAll("p")].map((p) => p.textContent);
    expect(paragraphs).toContain("Unknown block");
    expect(paragraphs).toContain("Before inline text after");
    expect(container.querySelectorAll("img, iframe, a")).toHaveLength(0);
  });

  it("renders HTML in text as text: no element is ever made from it", () => {
    const html = renderToStaticMarkup(
      <SlateRender
        nodes={[
          paragraph(text('<script>alert("x")</script><img src=x onerror=alert(1)>')),
          { type: "<b>", children: [text("<i>t</i>")] },
        ]}
      />,
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    const { container } = render(<SlateRender nodes={[paragraph(text("<script>alert(1)</script>"))]} />);
    expect(container.querySelector("script")).toBeNull();
    expect(container.textContent).toBe("<script>alert(1)</script>");
  });

  it("tolerates a body that is not an array", () => {
    const { container } = render(<SlateRender nodes={null} />);
    expect(container.textContent).toBe("");
  });
});

describe("link and embed helpers", () => {
  it("safeLink", () => {
    expect(safeLink("/a", SITE)).toEqual({ href: "/a", internal: true });
    expect(safeLink("#part", SITE)).toEqual({ href: "#part", internal: true });
    expect(safeLink("/\\evil.example", SITE)).toBeNull();
    // Browsers drop tabs and line breaks from a URL: "/\t/evil.example" is another site, not a path of ours.
    expect(safeLink("/\t/evil.example", SITE)).toEqual({ href: "https://evil.example/", internal: false });
    expect(safeLink("mailto:me@example.com", SITE)).toEqual({ href: "mailto:me@example.com", internal: false });
    expect(safeLink("https://sharpside.example:443/x", SITE)).toEqual({
      href: "https://sharpside.example/x",
      internal: true,
    });
    expect(safeLink("vbscript:x", SITE)).toBeNull();
  });

  it("youTubeId and xPost", () => {
    expect(youTubeId("https://www.youtube.com/shorts/abcdefghijk")).toBe("abcdefghijk");
    expect(youTubeId("https://www.youtube.com/embed/abcdefghijk?start=3")).toBe("abcdefghijk");
    expect(youTubeId("https://evil.example/watch?v=abcdefghijk")).toBeNull();
    expect(youTubeId("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(xPost("https://twitter.com/someone/status/1")).toEqual({
      href: "https://twitter.com/someone/status/1",
      handle: "someone",
    });
    expect(xPost("https://x.evil.example/a")).toBeNull();
  });
});
