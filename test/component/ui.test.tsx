import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import NProgress from "nprogress";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Link } from "@remix-run/react";
import { NavigationProgress, PROGRESS_DELAY_MS } from "~/components/layout/navigation-progress";
import { ConfirmDialogProvider, useConfirm, type ConfirmOptions } from "~/components/ui/confirm-dialog";

function ConfirmProbe({ options }: { options: ConfirmOptions[] }) {
  const confirm = useConfirm();
  const [results, setResults] = useState<string[]>([]);
  return (
    <>
      {options.map((o) => (
        <button key={o.title} onClick={() => confirm(o).then((r) => setResults((all) => [...all, `${o.title}:${r}`]))}>
          ask {o.title}
        </button>
      ))}
      <output>{results.join(",")}</output>
    </>
  );
}

describe("confirmation dialog", () => {
  it("resolves true on confirm and false on cancel", async () => {
    render(
      <ConfirmDialogProvider>
        <ConfirmProbe
          options={[
            { title: "Delete post?", description: "This cannot be undone.", confirmLabel: "Delete", destructive: true },
          ]}
        />
      </ConfirmDialogProvider>,
    );
    await userEvent.click(screen.getByText("ask Delete post?"));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete post?" });
    expect(dialog.textContent).toContain("This cannot be undone.");
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Delete post?:true"));
    await userEvent.click(screen.getByText("ask Delete post?"));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Delete post?:true,Delete post?:false"));
  });

  it("closes an open dialog (as false) before opening the next, after a 400 ms pause", async () => {
    function Twice() {
      const confirm = useConfirm();
      const [log, setLog] = useState<string[]>([]);
      return (
        <>
          <button
            onClick={() => {
              confirm({ title: "First?" }).then((r) => setLog((l) => [...l, `first:${r}`]));
              setTimeout(() => confirm({ title: "Second?" }).then((r) => setLog((l) => [...l, `second:${r}`])), 10);
            }}
          >
            go
          </button>
          <output>{log.join(",")}</output>
        </>
      );
    }
    render(
      <ConfirmDialogProvider>
        <Twice />
      </ConfirmDialogProvider>,
    );
    const started = Date.now();
    await userEvent.click(screen.getByText("go"));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("first:false"));
    const second = await screen.findByRole("alertdialog", { name: "Second?" }, { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(second).toBeTruthy();
  });
});

describe("navigation progress bar", () => {
  it("starts only after 400 ms of a pending navigation and stops when it ends", async () => {
    let release: () => void = () => {};
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <>
            <NavigationProgress />
            <Link to="/slow">slow page</Link>
          </>
        ),
      },
      {
        path: "/slow",
        loader: () => new Promise((resolve) => (release = () => resolve(null))),
        Component: () => (
          <>
            <NavigationProgress />
            <p>arrived</p>
          </>
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const link = await screen.findByText("slow page");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await act(async () => {
      fireEvent.click(link);
    });
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS - 50));
    expect(NProgress.isStarted()).toBe(false);
    expect(document.documentElement.classList.contains("is-navigating")).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    expect(NProgress.isStarted()).toBe(true);
    expect(document.documentElement.classList.contains("is-navigating")).toBe(true);
    vi.useRealTimers();
    await act(async () => release());
    await screen.findByText("arrived");
    await waitFor(() => expect(document.documentElement.classList.contains("is-navigating")).toBe(false));
    expect(NProgress.settings).toMatchObject({ minimum: 0.08, speed: 200, trickleSpeed: 800 });
    expect((NProgress.settings as unknown as { trickleRate: number }).trickleRate).toBe(0.02);
  });
});
