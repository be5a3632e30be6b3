import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseFormat } from "~/modules/images/image-proxy.server";
import {
  storageErrorMessage,
  UPLOAD_FAILED_MESSAGE,
  UploadActionError,
  uploadErrorMessage,
  UploadError,
  uploadFile,
  withRetry,
  xmlErrorMessage,
} from "~/components/uploads/upload-client";
import { UPLOAD_TYPE_MESSAGE } from "~/modules/uploads/upload-types";

describe("upload error texts (product.md 'Error messages')", () => {
  it("takes the storage answer's XML Message", () => {
    const minio = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed object size.</Message><Key>uploads/a.png</Key><BucketName>b</BucketName></Error>`;
    expect(xmlErrorMessage(minio)).toBe("Your proposed upload exceeds the maximum allowed object size.");
    expect(
      storageErrorMessage(
        "<Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy Condition failed: [&quot;eq&quot;, &quot;$key&quot;]</Message></Error>",
      ),
    ).toBe('Invalid according to Policy: Policy Condition failed: ["eq", "$key"]');
    expect(xmlErrorMessage("<Error><Message>Tom &amp; Jerry &#60;3</Message></Error>")).toBe("Tom & Jerry <3");
  });

  it("falls back to 'An error has occurred while uploading!'", () => {
    for (const body of [
      "",
      null,
      undefined,
      "<html>Bad gateway</html>",
      "<Error><Code>X</Code><Message>  </Message></Error>",
      '{"error":"nope"}',
    ]) {
      expect(storageErrorMessage(body)).toBe(UPLOAD_FAILED_MESSAGE);
    }
    expect(UPLOAD_FAILED_MESSAGE).toBe("An error has occurred while uploading!");
  });

  it("prefers the presign's errors.type, else the generic text", () => {
    const typeError = new UploadActionError("Violation of business rules/data integrity took place.", 422, {
      type: [UPLOAD_TYPE_MESSAGE],
    });
    expect(uploadErrorMessage(typeError)).toBe(UPLOAD_TYPE_MESSAGE);
    expect(uploadErrorMessage(new UploadActionError("Oops", 500))).toBe(UPLOAD_FAILED_MESSAGE);
    expect(uploadErrorMessage(new UploadError("File is larger than 5000000 bytes", 400, "upload", false))).toBe(
      "File is larger than 5000000 bytes",
    );
    expect(uploadErrorMessage(new Error("boom"))).toBe(UPLOAD_FAILED_MESSAGE);
  });
});

describe("withRetry", () => {
  it("tries a retryable failure up to `attempts` times", async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new UploadError(UPLOAD_FAILED_MESSAGE, 503, "upload", true));
    };
    await expect(withRetry(failing, { attempts: 3, delayMs: 0 })).rejects.toBeInstanceOf(UploadError);
    expect(calls).toBe(3);
  });

  it("answers the first success, and tries once by default", async () => {
    let calls = 0;
    const flaky = () => (++calls < 2 ? Promise.reject(new UploadError("x", 0, "upload", true)) : Promise.resolve("ok"));
    await expect(withRetry(flaky, { attempts: 3, delayMs: 0 })).resolves.toBe("ok");
    calls = 0;
    await expect(
      withRetry(() => (++calls, Promise.reject(new UploadError("x", 0, "upload", true))), { delayMs: 0 }),
    ).rejects.toThrow();
    expect(calls).toBe(1);
  });

  it("does not retry what cannot change (a refused type, a size over the limit)", async () => {
    let calls = 0;
    const refused = () => (++calls, Promise.reject(new UploadError(UPLOAD_TYPE_MESSAGE, 422, "presign", false)));
    await expect(withRetry(refused, { attempts: 3, delayMs: 0 })).rejects.toThrow(UPLOAD_TYPE_MESSAGE);
    expect(calls).toBe(1);
  });
});

describe("uploadFile against an /uploads action that refuses the type", () => {
  let server: Server;
  let baseUrl: string;
  let presigns = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.method === "POST" && req.url === "/uploads") presigns += 1;
      req.resume();
      res
        .writeHead(422, { "Content-Type": "application/json" })
        .end(
          JSON.stringify({ ok: false, error: "Violation", errors: { type: [UPLOAD_TYPE_MESSAGE] }, statusCode: 422 }),
        );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("rejects with errors.type, reports 0 % and does not retry", async () => {
    const progress: number[] = [];
    const error = await uploadFile(new Blob(["x"], { type: "video/mp4" }), {
      baseUrl,
      attempts: 3,
      onProgress: (p) => progress.push(p),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).message).toBe(UPLOAD_TYPE_MESSAGE);
    expect((error as UploadError).step).toBe("presign");
    expect(presigns).toBe(1);
    expect(progress).toEqual([0]);
  });
});

describe("the image proxy's format choice", () => {
  it("picks avif, then webp, then the source's own kind", () => {
    expect(chooseFormat("image/avif,image/webp,image/apng,*/*;q=0.8", false)).toBe("avif");
    expect(chooseFormat("image/webp,*/*", true)).toBe("webp");
    expect(chooseFormat("image/avif;q=0, image/webp;q=0.9", true)).toBe("webp");
    expect(chooseFormat("*/*", true)).toBe("jpeg");
    expect(chooseFormat(null, false)).toBe("png");
  });
});

describe("uploadFile against an /uploads action that refuses the size", () => {
  let server: Server;
  let baseUrl: string;
  let sent: URLSearchParams | null = null;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        sent = new URLSearchParams(body);
        const errors = { file: ["File is larger than 200000000 bytes"] };
        res
          .writeHead(422, { "Content-Type": "application/json" })
          .end(JSON.stringify({ ok: false, error: "Violation", errors, statusCode: 422 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the file's size with the presign and rejects with errors.file, for good", async () => {
    const error = await uploadFile(new Blob([new Uint8Array(1234)], { type: "video/mp4" }), {
      baseUrl,
      attempts: 3,
    }).catch((e: unknown) => e);
    expect(sent?.get("intent")).toBe("presign");
    expect(sent?.get("size")).toBe("1234");
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).message).toBe("File is larger than 200000000 bytes");
    expect((error as UploadError).statusCode).toBe(422);
    expect((error as UploadError).retryable).toBe(false);
  });
});
