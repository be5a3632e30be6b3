/**
 * The header search box's suggestions (product.md "Screens and routes"): debounced loads
 * of the suggestions loader (a newer one aborting the older), the grouped listbox, the combobox
 * keyboard and where each suggestion leads. A stub route stands in for the loader
 * (app/routes/search_.suggestions.ts); the real search is covered end to end in
 * test/e2e/search.spec.ts.
 */
import { createRemixStub } from "../support/remix-stub";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { HeaderSearch } from "~/components/search/header-search";
import { useClientNavigation } from "~/components/ui/link";
import type { SearchSuggestions } from "~/modules/search/search-params";

const FULL: SearchSuggestions = {
  expertsInfo: [
    { id: "e1", userName: "GridironGuru", avatar: "/avatars/GridironGuru.svg" },
    { id: "e2", userName: "GridLock", avatar: "/avatars/GridLock.svg" },
  ],
  categoriesInfo: [{ id: 7, name: "Football" }],
  postsInfo: [{ id: "p1", title: "Gridiron week 1 card" }],
};
const EMPTY: SearchSuggestions = { expertsInfo: [], categoriesInfo: [], postsInfo: [] };

type Call = { searchValue: string | null; topCount: string | null; signal: AbortSignal | undefined };

/** The suggestions loader's stand-in, set by `stubSearchApi`. */
let searchLoader: (args: { request: Request }) => Promise<object | null> | object | null = () => null;

/** `answer(searchValue)` gives the suggestions, or a promise of them for a slow answer. */
function stubSearchApi(answer: (searchValue: string) => SearchSuggestions | Promise<SearchSuggestions>) {
  const calls: Call[] = [];
  searchLoader = async ({ request }) => {
    const { searchParams } = new URL(request.url);
    calls.push({
      searchValue: searchParams.get("searchValue"),
      topCount: searchParams.get("topCount"),
      signal: request.signal,
    });
    return { ok: true, results: await answer(searchParams.get("searchValue") ?? "") };
  };
  return calls;
}

/** A page of the app: the shell takes its links' clicks through the router. */
function Page({ title }: { title: string }) {
  useClientNavigation();
  return (
    <>
      <HeaderSearch />
      <h1>{title}</h1>
    </>
  );
}

function renderSearch() {
  const Stub = createRemixStub([
    { path: "/", Component: () => <Page title="Home" /> },
    { path: "/experts/:userName", Component: () => <Page title="Expert page" /> },
    { path: "/search", Component: () => <Page title="Search page" /> },
    { path: "/posts/:postId", Component: () => <Page title="Post page" /> },
    { path: "/discover-experts", Component: () => <Page title="Discover page" /> },
    { path: "/search/suggestions", loader: (args) => searchLoader(args) },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return screen.getAllByRole("combobox")[0] as HTMLInputElement;
}

// jsdom has no layout: the box scrolls the active option into view, which is nothing to do here.
Element.prototype.scrollIntoView ??= () => undefined;

afterEach(() => {
  searchLoader = () => null;
});

describe("Header search suggestions", () => {
  it("asks nothing for blank text and once per typing pause, with topCount=5", async () => {
    const calls = stubSearchApi(() => FULL);
    const input = renderSearch();
    await userEvent.type(input, "   ");
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(calls).toHaveLength(0);
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("listbox")).toBeNull();

    await userEvent.clear(input);
    await userEvent.type(input, "Grid");
    await screen.findByRole("listbox", { name: "Search suggestions" });
    expect(calls.map((call) => [call.searchValue, call.topCount])).toEqual([["Grid", "5"]]);
  });

  it("groups the answer under Experts, Category and Posts, then All results, each a link", async () => {
    stubSearchApi(() => FULL);
    const input = renderSearch();
    await userEvent.type(input, "grid iron");
    const listbox = await screen.findByRole("listbox", { name: "Search suggestions" });
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(input.getAttribute("aria-controls")).toBe(listbox.id);

    const groups = within(listbox).getAllByRole("group");
    expect(
      groups
        .map((group) => group.getAttribute("aria-labelledby"))
        .map((id) => document.getElementById(id!)?.textContent),
    ).toEqual(["Experts", "Category", "Posts"]);
    const hrefs = within(listbox)
      .getAllByRole("option")
      .map((option) => [option.textContent, option.getAttribute("href")]);
    expect(hrefs).toEqual([
      ["GridironGuru", "/experts/GridironGuru"],
      ["GridLock", "/experts/GridLock"],
      ["Football", "/discover-experts?categoryIds=7"],
      ["Gridiron week 1 card", "/posts/p1"],
      ["All results", "/search?q=grid+iron"],
    ]);
    const avatar = within(groups[0]).getAllByRole("option")[0].querySelector("img")!;
    expect(avatar.getAttribute("alt")).toBe("");
    expect(avatar.getAttribute("src")).toContain(encodeURIComponent("/avatars/GridironGuru.svg"));
  });

  it("leaves out empty groups and says 'Nothing found' when all are empty", async () => {
    stubSearchApi((q) => (q === "zzqxv" ? EMPTY : { ...EMPTY, postsInfo: [{ id: "p9", title: "Only a post" }] }));
    const input = renderSearch();
    await userEvent.type(input, "only");
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("group")).toHaveLength(1);
    expect(within(listbox).getByRole("group", { name: "Posts" })).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, "zzqxv");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Nothing found"));
    expect(screen.getByTestId("search-suggestions").textContent).toBe("Nothing found");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("a newer query drops the one in flight, whose late results never pass for its own", async () => {
    let releaseSlow: (value: SearchSuggestions) => void = () => undefined;
    const calls = stubSearchApi((q) =>
      q === "Gri"
        ? new Promise<SearchSuggestions>((resolve) => (releaseSlow = resolve))
        : { ...EMPTY, expertsInfo: [FULL.expertsInfo[0]] },
    );
    const input = renderSearch();
    await userEvent.type(input, "Gri");
    await waitFor(() => expect(calls).toHaveLength(1));
    await userEvent.type(input, "dironGuru");
    await waitFor(() => expect(calls.map((call) => call.searchValue)).toEqual(["Gri", "GridironGuru"]));
    await act(async () => releaseSlow(FULL));
    const listbox = await screen.findByRole("listbox");
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["GridironGuru", "All results"]),
    );
  });

  it("moves the active option with the arrows, wrapping, and Enter follows it", async () => {
    stubSearchApi(() => FULL);
    const input = renderSearch();
    await userEvent.type(input, "grid");
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(input.getAttribute("aria-activedescendant")).toBeNull();

    await userEvent.keyboard("{ArrowUp}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[4].id);
    expect(options[4].getAttribute("aria-selected")).toBe("true");
    await userEvent.keyboard("{ArrowDown}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0].id);
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[2].id);
    expect(options[0].getAttribute("aria-selected")).toBe("false");
    expect(document.activeElement).toBe(input);

    await userEvent.keyboard("{ArrowUp}{ArrowUp}{Enter}");
    expect(await screen.findByRole("heading", { name: "Expert page" })).toBeTruthy();
    // The navigation closes the box and empties it.
    expect(screen.queryByRole("listbox")).toBeNull();
    expect((screen.getAllByRole("combobox")[0] as HTMLInputElement).value).toBe("");
  });

  it("Escape closes the suggestions; Enter with none active searches for the text", async () => {
    stubSearchApi(() => FULL);
    const input = renderSearch();
    await userEvent.type(input, "grid");
    await screen.findByRole("listbox");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(input.value).toBe("grid");
    await userEvent.keyboard("{ArrowDown}");
    expect(await screen.findByRole("listbox")).toBeTruthy();

    fireEvent.submit(input.form!);
    expect(await screen.findByRole("heading", { name: "Search page" })).toBeTruthy();
    expect((screen.getAllByRole("combobox")[0] as HTMLInputElement).value).toBe("grid");
  });

  it("a click on a suggestion navigates", async () => {
    stubSearchApi(() => FULL);
    const input = renderSearch();
    await userEvent.type(input, "grid");
    await userEvent.click(await screen.findByRole("option", { name: "Football" }));
    expect(await screen.findByRole("heading", { name: "Discover page" })).toBeTruthy();
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});
