import { connect } from "node:net";
import { expect, test } from "./support/test";

/**
 * An idle keep-alive connection stays open longer than a client keeps it (decision 053): a
 * request sent on it after 6 s of quiet is answered, where Node's default (5 s) would have closed
 * it and a client sending at that moment would get a reset.
 */
test("a keep-alive connection idle for 6 s still answers the next request", async ({ baseURL }) => {
  test.setTimeout(30_000);
  const { hostname, port } = new URL(baseURL!);
  const socket = connect(Number(port), hostname);
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const request = `GET /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`;
  // A body runs straight into the next answer's status line: count status lines anywhere.
  const answers = () => received.match(/HTTP\/1\.1 200 OK\r\n/g)?.length ?? 0;

  socket.write(request);
  await expect.poll(answers).toBe(1);
  expect(received).toContain("Keep-Alive: timeout=65");
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(socket.readableEnded).toBe(false);
  socket.write(request);
  await expect.poll(answers).toBe(2);
  socket.end();
  await closed;
});
