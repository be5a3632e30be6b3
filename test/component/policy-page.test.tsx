/** A policy hosted by a third party is framed only after the visitor accepts cookies (decision 025). */
import { createRemixStub } from "@remix-run/testing";
import { Outlet } from "@remix-run/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PolicyPage } from "~/components/content/policy-page";

function renderWithConsent(cookieConsent: string | null) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: () => <Outlet />,
      loader: () => ({ cookieConsent }),
      children: [
        {
          index: true,
          Component: () => (
            <PolicyPage
              data={{ title: "Privacy Policy", embedUrl: "https://policies.example.com/privacy", document: null }}
            />
          ),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("PolicyPage with a third-party embed", () => {
  it.each([null, "false"])("consent %s: no frame, a note and a link to open it", async (consent) => {
    const { container } = renderWithConsent(consent);
    expect(await screen.findByText(/hosted by a third party\. Accept cookies to show it here/)).toBeTruthy();
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.getByRole("link", { name: /Open in a new tab/ }).getAttribute("href")).toBe(
      "https://policies.example.com/privacy",
    );
  });

  it("after Accept: the policy is framed", async () => {
    renderWithConsent("true");
    const frame = await screen.findByTitle("Privacy Policy");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe("https://policies.example.com/privacy");
  });
});
