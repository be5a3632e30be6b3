import sharp from "sharp";
import { expect, test } from "./support/test";
import { signedInContext, waitForHydration } from "./support/helpers";

/**
 * An expert's video: recorded here by Chromium itself (a canvas through MediaRecorder, a real
 * WebM), added with the editor's Video tool, uploaded, and played from its signed /media address
 * by range; a PNG dressed as an mp4 is refused with a toast naming it.
 */
for (const width of [1440, 375] as const) {
  test(`at ${width} px: a video is uploaded, gets its poster and plays by range; a disguised one is refused`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await signedInContext(browser, baseURL!, "LeBronPicks", width);
    const page = await context.newPage();
    await page.goto("/feed?createEditPost=NEW");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: /New/ });
    await expect(dialog).toBeVisible({ timeout: 15_000 });

    const clip = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 320;
      canvas.height = 180;
      const context = canvas.getContext("2d")!;
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm" });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      for (let frame = 0; frame < 30; frame += 1) {
        context.fillStyle = `hsl(${frame * 12}, 70%, 45%)`;
        context.fillRect(0, 0, 320, 180);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      recorder.stop();
      await stopped;
      return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
    });

    const toolbar = dialog.getByRole("toolbar", { name: "Formatting" });
    const media: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/media/")) media.push(response.status());
    });
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      toolbar.getByRole("button", { name: "Video", exact: true }).click(),
    ]);
    await chooser.setFiles({ name: "line-move.webm", mimeType: "video/webm", buffer: Buffer.from(clip) });
    const video = dialog.locator("video");
    await expect(video).toHaveAttribute("src", /^\/media\/uploads\/.+\.webm\?expires=\d+&signature=/, {
      timeout: 30_000,
    });
    await expect(video).toHaveAttribute("poster", /^\/img\?src=uploads%2F.+\.jpg/);
    // The player reads the clip's metadata by range, from the signed address.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0);
    expect(media).toContain(206);
    await page.screenshot({ path: test.info().outputPath(`video-${width}.png`) });

    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .png()
      .toBuffer();
    const [again] = await Promise.all([
      page.waitForEvent("filechooser"),
      toolbar.getByRole("button", { name: "Video", exact: true }).click(),
    ]);
    await again.setFiles({ name: "fake.mp4", mimeType: "video/mp4", buffer: png });
    await expect(page.getByText("fake.mp4")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^File type must be one of /)).toBeVisible();
    await expect(dialog.locator("video")).toHaveCount(1);
    await context.close();
  });
}
