/** Links in comments follow the site's link rule (product.md "Validation"). */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LinkedText } from "~/components/posts/linked-text";

describe("LinkedText", () => {
  it("links web addresses: the site's own in place, others in a new tab without follow, opener or referrer; the rest stays text", () => {
    const text =
      "See https://sharpside.example/experts/LeBronPicks, and https://news.example.com/story?id=1). Not javascript:alert(1) nor <b>bold</b>.";
    const { container } = render(
      <p>
        <LinkedText text={text} siteOrigin="https://sharpside.example" />
      </p>,
    );
    const internal = screen.getByRole("link", { name: "https://sharpside.example/experts/LeBronPicks" });
    expect(internal.getAttribute("href")).toBe("https://sharpside.example/experts/LeBronPicks");
    expect(internal.getAttribute("target")).toBeNull();
    expect(internal.getAttribute("rel")).toBeNull();
    const external = screen.getByRole("link", { name: "https://news.example.com/story?id=1" });
    expect(external.getAttribute("target")).toBe("_blank");
    expect(external.getAttribute("rel")).toBe("nofollow noopener noreferrer");
    expect(screen.getAllByRole("link")).toHaveLength(2);
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe(text);
  });
});
