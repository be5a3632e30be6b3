import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppShell } from "~/components/layout/app-shell";
import { accountMenuItems } from "~/components/layout/account-menu-parts";
import { Header, type HeaderUser } from "~/components/layout/header";
import { formatCountdown, RESEND_AVAILABLE_AT_KEY, resendCountdownText } from "~/components/auth/resend-countdown";
import type { RootLoaderData } from "~/root";
import EmailVerification, { handle as emailVerificationHandle } from "~/routes/email-verification._index";
import SignIn from "~/routes/sign-in";
import SignUp, { SIGN_UP_FLOW_KEY } from "~/routes/sign-up";

const experts = [{ id: "1", userName: "LeBronPicks", avatar: "/avatars/LeBronPicks.svg" }];
const expert: HeaderUser = {
  userName: "LeBronPicks",
  firstName: "Marcus",
  lastName: "Hale",
  roles: ["Expert"],
  avatar: "/avatars/LeBronPicks.svg",
};
const user: HeaderUser = {
  userName: "AlexTurner",
  firstName: "Alex",
  lastName: "Turner",
  roles: ["User"],
  avatar: "/avatars/AlexTurner.svg",
};

type StubRoutes = Parameters<typeof createRemixStub>[0];

/** The bell's unread count, read by a fetcher from its route once a user is signed in. */
const unreadRoute = { path: "/notifications/unread", loader: () => ({ ok: true, newNotificationsCount: 0 }) };

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

/** The header at `path`, beside a /sign-out route that records what was posted to it. */
function renderHeader(headerUser: HeaderUser | null, path = "/contacts?x=1", extra: StubRoutes = []) {
  const signOut = vi.fn(() => null);
  const Stub = createRemixStub([
    { path: "/sign-out", action: signOut, Component: () => <p>signed out</p> },
    { path: "*", Component: () => <Header appName="Sharpside" user={headerUser} topExperts={experts} /> },
    unreadRoute,
    ...extra,
  ]);
  render(<Stub initialEntries={[path]} />);
  return { signOut };
}

async function openAccountMenu() {
  await userEvent.click(await screen.findByRole("button", { name: "Account menu" }));
  return screen.findByRole("menu");
}

describe("Header per role (product.md 'Screens and routes')", () => {
  it("visitor: 'Become an expert' and 'Sign In / Sign up', no bell or avatar", async () => {
    renderHeader(null);
    expect((await screen.findByRole("link", { name: "Become an expert" })).getAttribute("href")).toBe(
      "/become-partner",
    );
    expect(screen.getByRole("link", { name: "Sign In / Sign up" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Notifications/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Account menu" })).toBeNull();
    expect(screen.queryByRole("link", { name: "New Post/Pick" })).toBeNull();
  });

  it("signed-in user: 'Become an expert' to /become-expert, the bell, and an avatar menu without expert items", async () => {
    renderHeader(user);
    expect((await screen.findByRole("link", { name: "Become an expert" })).getAttribute("href")).toBe("/become-expert");
    expect(screen.getByRole("button", { name: /^Notifications/ }).getAttribute("aria-haspopup")).toBe("dialog");
    expect(screen.queryByRole("link", { name: "New Post/Pick" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Sign In / Sign up" })).toBeNull();
    const menu = await openAccountMenu();
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Edit Profile & Settings", "Payments & subscriptions", "Log Out"]);
    expect(within(menu).getByText("Alex Turner")).toBeTruthy();
  });

  it("expert: 'New Post/Pick' opens the dialog on this page, the bell, and the full avatar menu", async () => {
    renderHeader(expert);
    const newPost = await screen.findByRole("link", { name: "New Post/Pick" });
    expect(newPost.getAttribute("href")).toBe("/contacts?x=1&createEditPost=NEW");
    expect(screen.queryByRole("link", { name: "Become an expert" })).toBeNull();
    expect(screen.getByRole("button", { name: /^Notifications/ })).toBeTruthy();
    const menu = await openAccountMenu();
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "My profile",
      "Edit Profile & Settings",
      "Business",
      "Payments & subscriptions",
      "Log Out",
    ]);
    expect(items.slice(0, 4).map((item) => item.getAttribute("href"))).toEqual([
      "/profile",
      "/settings",
      "/business",
      "/payments",
    ]);
  });

  it("Log Out posts the /sign-out form", async () => {
    const { signOut } = renderHeader(user);
    const menu = await openAccountMenu();
    const logOut = within(menu).getByRole("menuitem", { name: "Log Out" });
    expect(logOut.closest("form")?.getAttribute("action")).toBe("/sign-out");
    expect(logOut.closest("form")?.method).toBe("post");
    await userEvent.click(logOut);
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  });

  it("the menu items follow the roles", () => {
    expect(accountMenuItems({ roles: [] }).map((i) => i.label)).toEqual([
      "Edit Profile & Settings",
      "Payments & subscriptions",
    ]);
    expect(accountMenuItems({ roles: ["Expert"] }).map((i) => i.label)).toContain("Business");
  });

  it("the logo signs out first on pages that ask for it, and is a plain link elsewhere", async () => {
    const signOut = vi.fn(() => null);
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => <Header appName="Sharpside" user={user} topExperts={experts} />,
        children: [
          { path: "email-verification", handle: emailVerificationHandle, Component: () => null },
          { path: "contacts", Component: () => null },
        ],
      },
      { path: "/sign-out", action: signOut, Component: () => <p>signed out</p> },
      unreadRoute,
    ]);
    const { unmount } = render(<Stub initialEntries={["/contacts"]} />);
    await userEvent.click(await screen.findByRole("link", { name: "Sharpside home" }));
    expect(signOut).not.toHaveBeenCalled();
    unmount();

    render(<Stub initialEntries={["/email-verification"]} />);
    await userEvent.click(await screen.findByRole("link", { name: "Sharpside home" }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(await screen.findByText("signed out")).toBeTruthy();
  });
});

describe("Mobile menu when signed in", () => {
  const data = (headerUser: HeaderUser): RootLoaderData =>
    ({
      appName: "Sharpside",
      user: headerUser,
      cookieConsent: "true",
      thirdPartyScripts: [] as string[],
      buildId: "test-build",
      siteUrl: "http://localhost:3000",
      sidebarOpen: true,
      topExperts: experts,
      site: { supportEmail: "support@sharpside.app", helpline: "1-800-GAMBLER" },
    }) as RootLoaderData;

  it.each([
    ["expert", "LeBronPicks", "Open my profile", "/profile", expert],
    ["user", "Alex Turner", "Become an expert", "/become-expert", user],
  ])("%s: titled '%s', with '%s' and Logout", async (_role, title, linkName, href, headerUser) => {
    const Stub = createRemixStub([
      { path: "*", Component: () => <AppShell data={data(headerUser)}>page</AppShell> },
      unreadRoute,
    ]);
    render(<Stub initialEntries={["/"]} />);
    await userEvent.click(await screen.findByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: title });
    expect(within(dialog).getByRole("link", { name: linkName }).getAttribute("href")).toBe(href);
    const logout = within(dialog).getByRole("button", { name: "Logout" });
    expect(logout.closest("form")?.getAttribute("action")).toBe("/sign-out");
    expect(within(dialog).queryByRole("link", { name: "Sign In / Sign up" })).toBeNull();
  });
});

describe("E-mail code input (product.md 'Validation')", () => {
  function renderVerification(action: (args: { request: Request }) => Promise<unknown>) {
    const Stub = createRemixStub([
      {
        path: "/email-verification",
        Component: EmailVerification,
        loader: () => ({ token: null, email: "pat@example.com" }),
        action,
      },
    ]);
    render(<Stub initialEntries={["/email-verification"]} />);
    return action;
  }

  it("strips whitespace and symbols, capitalises, keeps 6, and sends itself at the sixth character", async () => {
    const sent: FormData[] = [];
    const action = renderVerification(
      vi.fn(async ({ request }: { request: Request }) => (sent.push(await request.formData()), null)),
    );
    const input = (await screen.findByLabelText("Verification code")) as HTMLInputElement;
    await userEvent.type(input, " a-b c");
    expect(input.value).toBe("ABC");
    await userEvent.type(input, "1d");
    expect(input.value).toBe("ABC1D");
    expect(action).not.toHaveBeenCalled();
    await userEvent.type(input, "2zz");
    expect(input.value).toBe("ABC1D2");
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(sent[0])).toEqual({ intent: "confirm", code: "ABC1D2" });
  });

  it("takes a pasted code with spaces", async () => {
    const action = renderVerification(vi.fn(async () => ({ intent: "confirm", resendError: null, result: undefined })));
    const input = (await screen.findByLabelText("Verification code")) as HTMLInputElement;
    fireEvent.change(input, { target: { value: " x7k 2p9 extra" } });
    expect(input.value).toBe("X7K2P9");
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
  });

  it("shows the server's code error on the form root", async () => {
    renderVerification(
      vi.fn(async () => ({
        intent: "confirm",
        resendError: null,
        result: { status: "error" as const, error: { "": ["Invalid code"] } },
      })),
    );
    const input = await screen.findByLabelText("Verification code");
    await userEvent.type(input, "AAAAAA");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Invalid code");
    expect(alert.className).toContain("text-center");
    expect(alert.className).toContain("text-danger");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
  });
});

describe("Resend countdown (product.md 'States')", () => {
  it("formats as 'You can resend the code in 00:NN'", () => {
    expect(resendCountdownText(59)).toBe("You can resend the code in 00:59");
    expect(formatCountdown(5)).toBe("00:05");
    expect(formatCountdown(75)).toBe("01:15");
    expect(formatCountdown(-3)).toBe("00:00");
  });

  function renderWithResend() {
    const action = vi.fn(async () => ({ intent: "resend", resendError: null, result: undefined }));
    const Stub = createRemixStub([
      {
        path: "/email-verification",
        Component: EmailVerification,
        loader: () => ({ token: null, email: "pat@example.com" }),
        action,
      },
    ]);
    return { action, ...render(<Stub initialEntries={["/email-verification"]} />) };
  }

  it("starts at 00:59 after a resend, keeps the deadline in session storage and survives a reload", async () => {
    const { action, unmount } = renderWithResend();
    await userEvent.click(await screen.findByRole("button", { name: "Resend code" }));
    expect(await screen.findByText("You can resend the code in 00:59")).toBeTruthy();
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Resend code" })).toBeNull();
    const stored = Number(window.sessionStorage.getItem(RESEND_AVAILABLE_AT_KEY));
    expect(stored - Date.now()).toBeGreaterThan(58_000);
    unmount();
    renderWithResend();
    expect(await screen.findByText(/^You can resend the code in 00:5\d$/)).toBeTruthy();
  });

  it("counts down each second and gives the button back at the end", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.sessionStorage.setItem(RESEND_AVAILABLE_AT_KEY, String(Date.now() + 30_500));
    renderWithResend();
    // Real time runs too (shouldAdvanceTime), so a busy machine may already show 00:29.
    const shown = () =>
      Number(
        /You can resend the code in 00:(\d\d)$/.exec(
          screen.getByText(/You can resend the code in/).textContent ?? "",
        )![1],
      );
    await screen.findByText(/You can resend the code in 00:\d\d/);
    // The one-second timer is set by an effect after the render that shows the count: on a loaded
    // machine that effect may still be pending here, and fake time would then pass with no tick.
    await act(async () => {});
    const first = shown();
    expect(first).toBeGreaterThanOrEqual(28);
    expect(first).toBeLessThanOrEqual(30);
    act(() => vi.advanceTimersByTime(5_000));
    expect([first - 5, first - 6]).toContain(shown());
    act(() => vi.advanceTimersByTime(26_000));
    expect(screen.getByRole("button", { name: "Resend code" })).toBeTruthy();
  });
});

describe("Sign-up tabs", () => {
  function renderSignUp(path = "/sign-up", action = vi.fn(async (_args: { request: Request }) => null)) {
    const Stub = createRemixStub([
      {
        path: "/sign-up",
        Component: SignUp,
        loader: ({ request }) => ({
          flow: new URL(request.url).searchParams.get("flow") === "Expert" ? ("Expert" as const) : null,
          googleEnabled: false,
        }),
        action,
      },
    ]);
    render(<Stub initialEntries={[path]} />);
    return action;
  }

  it("has both tabs with their blurbs, and terms and privacy links", async () => {
    renderSignUp();
    const userTab = await screen.findByRole("tab", { name: "User sign up" });
    expect(userTab.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toContain("Follow the sharpest handicappers");
    await userEvent.click(screen.getByRole("tab", { name: "Expert sign up" }));
    expect(screen.getByRole("tabpanel").textContent).toContain("Share your picks");
    expect(window.localStorage.getItem(SIGN_UP_FLOW_KEY)).toBe("Expert");
    expect(screen.getByRole("link", { name: "Terms" }).getAttribute("href")).toBe("/terms");
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByLabelText("Full name")).toBeTruthy();
    expect(screen.getByLabelText("Password")).toBeTruthy();
    expect(screen.getByLabelText("Password confirmation")).toBeTruthy();
    expect(screen.getByLabelText(/Send me news/)).toBeTruthy();
  });

  it("takes the tab from ?flow=Expert before the stored choice", async () => {
    window.localStorage.setItem(SIGN_UP_FLOW_KEY, "User");
    renderSignUp("/sign-up?flow=Expert");
    expect((await screen.findByRole("tab", { name: "Expert sign up" })).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "User sign up" }).getAttribute("aria-selected")).toBe("false");
  });

  it("restores the stored tab and sends it with the form", async () => {
    window.localStorage.setItem(SIGN_UP_FLOW_KEY, "Expert");
    const sent: FormData[] = [];
    const action = renderSignUp(
      "/sign-up",
      vi.fn(async ({ request }: { request: Request }) => (sent.push(await request.formData()), null)),
    );
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Expert sign up" }).getAttribute("aria-selected")).toBe("true"),
    );
    await userEvent.type(screen.getByLabelText("Email"), "pat@example.com");
    await userEvent.type(screen.getByLabelText("Full name"), "Pat Doe");
    await userEvent.type(screen.getByLabelText("Password"), "abc12345");
    await userEvent.type(screen.getByLabelText("Password confirmation"), "abc12345");
    await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(sent[0].get("flow")).toBe("Expert");
    expect(window.localStorage.getItem(SIGN_UP_FLOW_KEY)).toBeNull();
  });

  it("flags every required field of an empty form, the full name too, without sending it", async () => {
    const action = renderSignUp();
    await userEvent.click(await screen.findByRole("button", { name: "Sign up" }));
    for (const label of ["Email", "Full name", "Password", "Password confirmation"]) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute("aria-invalid"), label).toBe("true");
      const messages = (input.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent);
      expect(messages, label).toContain("Required");
    }
    expect(action).not.toHaveBeenCalled();
    // Filling the name in clears its flag as it is typed.
    await userEvent.type(screen.getByLabelText("Full name"), "Pat Doe");
    await waitFor(() => expect(screen.getByLabelText("Full name").getAttribute("aria-invalid")).toBeNull());
  });

  it("checks that the passwords match before sending", async () => {
    const action = renderSignUp();
    // zod checks the pair once every field reads well.
    await userEvent.type(await screen.findByLabelText("Email"), "pat@example.com");
    await userEvent.type(screen.getByLabelText("Full name"), "Pat Doe");
    await userEvent.type(screen.getByLabelText("Password"), "abc12345");
    await userEvent.type(screen.getByLabelText("Password confirmation"), "abc12346");
    await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
    const confirmation = screen.getByLabelText("Password confirmation");
    expect(confirmation.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(confirmation.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Passwords must match",
    );
    expect(action).not.toHaveBeenCalled();
  });
});

describe("Sign-in form", () => {
  it("is a no-validate form with the forgot-password and create-account links, and shows the server's error on the root", async () => {
    const Stub = createRemixStub([
      {
        path: "/sign-in",
        Component: SignIn,
        loader: () => ({ callbackUrl: "/feed", googleEnabled: false }),
        action: async () => ({
          result: { status: "error" as const, error: { "": ["Wrong email, username or password"] } },
        }),
      },
    ]);
    render(<Stub initialEntries={["/sign-in?callbackUrl=%2Ffeed"]} />);
    const button = await screen.findByRole("button", { name: "Sign in" });
    const form = button.closest("form")!;
    expect(form.noValidate).toBe(true);
    expect((form.elements.namedItem("callbackUrl") as HTMLInputElement).value).toBe("/feed");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/forgot-password");
    // A new account comes back where the sign-in would have led.
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/sign-up?callbackUrl=%2Ffeed",
    );
    expect(screen.getByLabelText("Remember me")).toBeTruthy();

    await userEvent.click(button);
    expect(screen.getByLabelText("Email or username").getAttribute("aria-invalid")).toBe("true");
    await userEvent.type(screen.getByLabelText("Email or username"), "pat@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "nope");
    await userEvent.click(button);
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong email, username or password");
  });
});
