import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { createRef } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { Bell, Star } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { inputClass } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";

describe("UI primitives", () => {
  it("a Button is type=button unless told, forwards its ref and passes props through", () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <form>
        <Button ref={ref} variant="secondary" size="xs" className="ml-auto" aria-describedby="x" disabled>
          Remove
        </Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    const remove = screen.getByRole("button", { name: "Remove" });
    expect(ref.current).toBe(remove);
    expect(remove.getAttribute("type")).toBe("button");
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(remove.getAttribute("aria-describedby")).toBe("x");
    expect(remove.className).toContain("ml-auto");
    expect(remove.className).toContain("border-slate-300");
    expect(screen.getByRole("button", { name: "Save" }).getAttribute("type")).toBe("submit");
    // The house primary: ink text on brand green (white on it fails contrast).
    expect(screen.getByRole("button", { name: "Save" }).className).toContain("bg-brand-500 text-ink");
  });

  it("buttonClass lets a caller replace only the gap and the display", () => {
    const wide = buttonClass({ variant: "secondary" }, "gap-2.5 hidden sm:inline-flex").split(" ");
    expect(wide).toContain("gap-2.5");
    expect(wide).not.toContain("gap-1.5");
    expect(wide).toContain("hidden");
    expect(wide).not.toContain("inline-flex");
    expect(buttonClass().split(" ")).toEqual(expect.arrayContaining(["inline-flex", "gap-1.5", "bg-brand-500"]));
  });

  it("a ButtonLink stays a link", async () => {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <ButtonLink to="/sign-up" variant="ink" size="lg">
            Join
          </ButtonLink>
        ),
      },
    ]);
    render(<Stub />);
    const link = await screen.findByRole("link", { name: "Join" });
    expect(link.getAttribute("href")).toBe("/sign-up");
    expect(link.className).toContain("bg-ink");
  });

  it("Input and Textarea wear the field look and forward refs", () => {
    const input = createRef<HTMLInputElement>();
    render(
      <>
        <label htmlFor="n">Name</label>
        <Input ref={input} id="n" name="name" aria-invalid />
        <label htmlFor="b">Bio</label>
        <Textarea id="b" rows={3} />
      </>,
    );
    expect(screen.getByLabelText("Name")).toBe(input.current);
    expect(screen.getByLabelText("Name").className).toBe(inputClass);
    expect(screen.getByLabelText("Bio").className).toBe(inputClass);
  });

  it("a Link is an anchor with the caller's attributes, the router's mark and its href, and nothing of its own props", () => {
    const ref = createRef<HTMLAnchorElement>();
    const html = renderToString(
      <Link to="/experts/x?page=2" className="nav" aria-current="page" title="X" preventScrollReset>
        X
      </Link>,
    );
    expect(html).toBe(
      '<a class="nav" aria-current="page" title="X" data-discover="render" data-keep-scroll="" href="/experts/x?page=2">X</a>',
    );
    expect(renderToString(<Link to="/feed">Feed</Link>)).toBe('<a data-discover="render" href="/feed">Feed</a>');
    render(
      <Link ref={ref} to="/leaderboard">
        Leaderboard
      </Link>,
    );
    expect(ref.current).toBe(screen.getByRole("link", { name: "Leaderboard" }));
  });

  it("an icon is decoration unless named, wears the lucide class and draws its sprite symbol", () => {
    expect(renderToString(<Bell className="size-5" />)).toMatch(
      /^<svg aria-hidden="true" class="lucide size-5"><use href="[^"]*#bell"><\/use><\/svg>$/,
    );
    const named = renderToString(<Star aria-label="Featured" role="img" />);
    expect(named).not.toContain("aria-hidden");
    expect(named).toMatch(/^<svg aria-label="Featured" role="img" class="lucide">/);
    // A caller's own aria-hidden is kept as given.
    expect(renderToString(<Star aria-hidden="true" />)).toMatch(/^<svg aria-hidden="true" class="lucide">/);
  });
});
