/**
 * The post editor typed into like a browser would: a heading, Enter, then text goes on
 * in a paragraph. jsdom lacks two things every current browser has and slate-react reads:
 * `InputEvent.getTargetRanges` (without it slate-react takes input from an old keypress path that
 * user-event does not drive) and `isContentEditable` (without it every event's target is refused).
 * Both are given to jsdom here; the editor itself is the real one.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useId, useState } from "react";
import type { Descendant } from "slate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { emptyDocument } from "~/components/post-editor/editor-commands";
import { RichTextEditor } from "~/components/post-editor/rich-text-editor";

// Hoisted above the imports: slate-dom reads it once, when it loads. Empty ranges: Slate then
// uses its own selection.
vi.hoisted(() => {
  const proto = globalThis.InputEvent?.prototype as
    (InputEvent & { getTargetRanges?: () => StaticRange[] }) | undefined;
  if (proto && typeof proto.getTargetRanges !== "function") proto.getTargetRanges = () => [];
});

beforeAll(() => {
  if (!("isContentEditable" in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, "isContentEditable", {
      configurable: true,
      get(this: HTMLElement) {
        const host = this.closest("[contenteditable]");
        return host !== null && host.getAttribute("contenteditable") !== "false";
      },
    });
  }
});

function Harness({ onValue }: { onValue: (value: Descendant[]) => void }) {
  const id = useId();
  const [initial] = useState(emptyDocument);
  return (
    <>
      <span id={`${id}-label`}>Body</span>
      <RichTextEditor
        initialValue={initial}
        onChange={onValue}
        labelId={`${id}-label`}
        errorId={`${id}-error`}
        invalid={false}
      />
    </>
  );
}

describe("typing in the post editor", { timeout: 20_000 }, () => {
  it("a heading, Enter, then text: the text is a paragraph, in the document and on screen", async () => {
    const user = userEvent.setup();
    let value: Descendant[] = [];
    render(<Harness onValue={(next) => (value = next)} />);
    const body = screen.getByRole("textbox", { name: "Body" });
    // Into the empty paragraph, as a click on it would put the caret.
    await user.pointer({ keys: "[MouseLeft]", target: body.querySelector("p")!, offset: 0 });
    await user.click(screen.getByRole("button", { name: "Heading 1" }));
    await user.keyboard("Lines to watch{Enter}Pace is slow.");
    await waitFor(() =>
      expect(value).toEqual([
        { type: "heading-one", children: [{ text: "Lines to watch" }] },
        { type: "paragraph", children: [{ text: "Pace is slow." }] },
      ]),
    );
    expect(Array.from(body.querySelectorAll("h2"), (node) => node.textContent)).toEqual(["Lines to watch"]);
    expect(body.querySelector("p")?.textContent).toBe("Pace is slow.");
    expect(screen.getByRole("button", { name: "Heading 1" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: "Paragraph" }).getAttribute("aria-pressed")).toBe("true");
  });
});
