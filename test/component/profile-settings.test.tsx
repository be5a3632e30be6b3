import { createRemixStub } from "@remix-run/testing";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "sonner";
import { PhotoEditorDialog } from "~/components/profile/photo-editor-dialog";
import { BIRTH_DATE_HINT } from "~/components/profile/profile-form";
import { MESSAGES, type Profile } from "~/modules/profiles/profile-schema";
import { chooseInSelectBox, optionsOf, sentValue } from "../support/select-box";
import Settings from "~/routes/settings";

const profile: Profile = {
  avatar: null,
  cover: null,
  firstName: "Casey",
  location: { country: "USA", state: "NY", city: "Buffalo" },
  dateOfBirth: "1990-04-17",
  timezone: "America/New_York",
  expertAboutText: null,
};

function renderSettings({
  action = vi.fn((): object | null => null),
  isExpert = false,
  data = profile,
}: { action?: () => object | null; isExpert?: boolean; data?: Profile } = {}) {
  const loader = () => ({
    profile: data,
    account: { userName: "CaseyP", isExpert, hasPassword: true },
    timeZones: ["America/Chicago", "America/New_York", "UTC"],
    notifications: { mutedKinds: ["PostLike"], newPickEmails: true, followedCategoryIds: [2] },
    push: { publicKey: null, endpoints: [] },
    sports: [
      { id: 1, name: "NFL" },
      { id: 2, name: "NBA" },
    ],
  });
  const Stub = createRemixStub([
    {
      path: "/settings",
      Component: () => (
        <>
          <Settings />
          <Toaster />
        </>
      ),
      loader,
      action,
    },
  ]);
  render(<Stub initialEntries={["/settings"]} />);
  return { action };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const profileSection = async () => within(await screen.findByRole("region", { name: "Profile" }));

describe("settings: the profile form (product.md 'Validation')", () => {
  it("shows the fields with the stored values, the date selects and the hint", async () => {
    renderSettings();
    const form = await profileSection();
    expect((form.getByLabelText(/First name/) as HTMLInputElement).value).toBe("Casey");
    expect((form.getByLabelText("Country") as HTMLInputElement).value).toBe("USA");
    const state = form.getByLabelText(/State/);
    expect(state.textContent).toBe("New York (NY)");
    expect(sentValue(state, "location.state")).toBe("NY");
    expect(form.getByLabelText("Year").textContent).toBe("1990");
    expect(form.getByLabelText("Month").textContent).toBe("April");
    expect(form.getByLabelText("Day").textContent).toBe("17");
    expect(sentValue(state, "dateOfBirth.month")).toBe("04");
    const years = (await optionsOf(form.getByLabelText("Year"))).slice(1);
    expect(years[0]).toBe("1950");
    expect(years.at(-1)).toBe(String(new Date().getFullYear() - 15));
    expect(await optionsOf(form.getByLabelText("Month"))).toContain("January");
    expect(form.getByText(BIRTH_DATE_HINT)).toBeTruthy();
    expect(form.getByRole("button", { name: "Edit profile photo" })).toBeTruthy();
    expect(form.queryByLabelText("About you")).toBeNull();
  });

  it("shows the about text to experts only", async () => {
    renderSettings({ isExpert: true });
    expect((await profileSection()).getByLabelText("About you")).toBeTruthy();
  });

  it("puts 'Required' under first name, state and city and 'Should be a valid date' under the date, without sending", async () => {
    const { action } = renderSettings();
    const form = await profileSection();
    await userEvent.clear(form.getByLabelText(/First name/));
    await chooseInSelectBox(form.getByLabelText(/State/), "Select a state");
    await userEvent.clear(form.getByLabelText(/City/));
    await chooseInSelectBox(form.getByLabelText("Month"), "February");
    await chooseInSelectBox(form.getByLabelText("Day"), "31");
    await userEvent.click(form.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(form.getAllByText("Required")).toHaveLength(3));
    expect(form.getByText(MESSAGES.dateOfBirth)).toBeTruthy();
    expect(form.getByLabelText(/First name/).getAttribute("aria-invalid")).toBe("true");
    expect(action).not.toHaveBeenCalled();
  });

  it("shows the server's field error on the named field", async () => {
    const action = vi.fn(() => ({
      intent: "profile",
      ok: false,
      result: { status: "error" as const, initialValue: {}, error: { avatar: [MESSAGES.image] } },
    }));
    renderSettings({ action });
    const form = await profileSection();
    await userEvent.click(form.getByRole("button", { name: "Save profile" }));
    expect(await form.findByText(MESSAGES.image)).toBeTruthy();
  });

  it("on success says 'Profile has been updated.' in a toast", async () => {
    const action = vi.fn(() => ({
      intent: "profile",
      ok: true,
      result: { status: "success" as const, initialValue: {} },
    }));
    renderSettings({ action });
    const form = await profileSection();
    await userEvent.click(form.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Profile has been updated.")).toBeTruthy();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("offers the browser's time zone when none was ever chosen (UTC)", async () => {
    renderSettings({ data: { ...profile, timezone: "UTC" } });
    const form = await profileSection();
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await waitFor(() => expect(sentValue(form.getByLabelText("Time zone"), "timezone")).toBe(browser));
  });
});

describe("settings: the username and password forms", () => {
  it("checks the username's rule as the user types and refuses to send a bad one", async () => {
    const { action } = renderSettings();
    const section = within(await screen.findByRole("region", { name: "Username" }));
    const input = section.getByRole("textbox", { name: "Username" });
    await userEvent.clear(input);
    await userEvent.type(input, "no way");
    expect(await section.findByText(MESSAGES.userNameChars)).toBeTruthy();
    await userEvent.click(section.getByRole("button", { name: "Change username" }));
    expect(action).not.toHaveBeenCalled();
  });

  it("requires the current password and a matching confirmation", async () => {
    const { action } = renderSettings();
    const section = within(await screen.findByRole("region", { name: "Change password" }));
    await userEvent.click(section.getByRole("button", { name: "Change password" }));
    expect((await section.findAllByText("Required")).length).toBe(3);
    await userEvent.type(section.getByLabelText(/Current password/), "old secret 1");
    await userEvent.type(section.getByLabelText(/^New password/), "brand new 77");
    await userEvent.type(section.getByLabelText(/Confirm new password/), "brand new 78");
    await userEvent.click(section.getByRole("button", { name: "Change password" }));
    expect(await section.findByText("Passwords must match")).toBeTruthy();
    expect(action).not.toHaveBeenCalled();
  });
});

describe("the 'Edit profile photo' dialog (product.md 'Screens and routes' and 'Validation')", () => {
  function renderDialog() {
    render(
      <>
        <PhotoEditorDialog kind="avatar" open onOpenChange={() => {}} onSaved={() => {}} />
        <Toaster />
      </>,
    );
    return screen.getByRole("dialog", { name: "Edit profile photo" });
  }

  it("shows the product's texts, Save (disabled until a photo is chosen) and Cancel", () => {
    const dialog = within(renderDialog());
    expect(dialog.getByText("JPEG, PNG, or GIF, max 5 MB")).toBeTruthy();
    expect(dialog.getByText("If you have any problems with your upload, try using a smaller photo")).toBeTruthy();
    expect((dialog.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  it("refuses a GIF with a toast naming the file and the reason", async () => {
    const dialog = renderDialog();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute("accept")).toBe("image/png,.png,image/jpeg,.jpg,.jpeg,image/webp,.webp,image/avif,.avif");
    fireEvent.change(input, { target: { files: [new File(["GIF89a"], "party.gif", { type: "image/gif" })] } });
    expect(await screen.findByText("party.gif")).toBeTruthy();
    expect(screen.getByText("File type must be one of image/png, image/jpeg, image/webp, image/avif")).toBeTruthy();
  });

  /** The browser's decoder, played by sharp: it reads the bytes, whatever the file's name says. */
  function decodeWithSharp() {
    vi.stubGlobal("createImageBitmap", async (blob: Blob) => {
      // jsdom's Blob has no arrayBuffer(); its FileReader reads it.
      const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });
      const { width, height } = await sharp(Buffer.from(bytes)).metadata();
      return { width, height, close: () => {} };
    });
  }

  it("refuses a file named .png that is no image, with a toast naming it, and shows no cropper", async () => {
    decodeWithSharp();
    const dialog = renderDialog();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(["just some text, not a picture"], "notes.png", { type: "image/png" })] },
    });
    const toast = (await screen.findByText("notes.png")).closest("[data-sonner-toast]") as HTMLElement;
    expect(
      within(toast).getByText("File type must be one of image/png, image/jpeg, image/webp, image/avif"),
    ).toBeTruthy();
    expect(within(dialog).queryByRole("group", { name: "Crop area" })).toBeNull();
    expect((within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("takes a real PNG into the cropper", async () => {
    decodeWithSharp();
    const dialog = renderDialog();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(png)], "me.png", { type: "image/png" })] } });
    expect(await within(dialog).findByRole("img", { name: "Photo to crop: me.png" })).toBeTruthy();
    expect(within(dialog).getByRole("slider", { name: "Zoom" })).toBeTruthy();
  });

  it("refuses a file over 5,000,000 bytes, and more than one file", async () => {
    const dialog = renderDialog();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(5_000_001)], "huge.png", { type: "image/png" })] },
    });
    expect(await screen.findByText("huge.png")).toBeTruthy();
    expect(screen.getByText("File is larger than 5000000 bytes")).toBeTruthy();

    fireEvent.change(input, {
      target: {
        files: [new File(["a"], "one.png", { type: "image/png" }), new File(["b"], "two.jpg", { type: "image/jpeg" })],
      },
    });
    // One photo at a time: two dropped together are both refused, each named.
    expect(await screen.findByText("two.jpg")).toBeTruthy();
    expect(screen.getByText("one.png")).toBeTruthy();
    expect(screen.getAllByText("Too many files")).toHaveLength(2);
    expect(within(dialog).queryByRole("slider", { name: "Zoom" })).toBeNull();
  });
});

describe("settings: notifications", () => {
  it("shows each kind checked unless muted, and the new-pick e-mail choice", async () => {
    renderSettings({ isExpert: true });
    const section = within(await screen.findByRole("region", { name: "Notifications" }));
    expect((section.getByLabelText("Likes on my posts") as HTMLInputElement).checked).toBe(false);
    expect((section.getByLabelText("Comments on my posts") as HTMLInputElement).checked).toBe(true);
    expect(
      (section.getByLabelText("E-mail me when an expert I subscribe to posts a new pick") as HTMLInputElement).checked,
    ).toBe(true);
    expect((section.getByLabelText("NBA") as HTMLInputElement).checked).toBe(true);
    expect((section.getByLabelText("NFL") as HTMLInputElement).checked).toBe(false);
    expect(section.getByRole("button", { name: "Save notification settings" })).toBeTruthy();
  });
});
