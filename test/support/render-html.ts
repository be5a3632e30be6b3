import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";

/**
 * The whole HTML of an element once every Suspense boundary has resolved, as the server sends it
 * to a crawler (app/entry.server.tsx waits for all of it for bots). Code fetched on first use
 * (React.lazy) renders in full here, where renderToString would leave its fallback.
 */
export function renderToHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    });
  });
}
