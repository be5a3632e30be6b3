/**
 * LISTEN on channels of the database, whichever engine: postgres.js keeps one connection for it
 * and listens again after losing it (then `onRelisten` runs: what was announced meanwhile was not
 * heard here); PGlite delivers in the one process. Answers a stop for each channel.
 */
import type { PGlite } from "@electric-sql/pglite";
import type postgres from "postgres";
import type { DatabaseHandle } from "./client.server";

export type Channel = [name: string, onPayload: (payload: string) => void];

export async function listen(
  handle: DatabaseHandle,
  channels: Channel[],
  onRelisten: () => void,
): Promise<(() => Promise<void>)[]> {
  if (handle.kind === "pglite") {
    const pglite = handle.client as PGlite;
    return Promise.all(
      channels.map(([name, onPayload]) => pglite.listen(name, onPayload).then((stop) => () => stop())),
    );
  }
  const client = handle.client as postgres.Sql;
  return Promise.all(
    channels.map(async ([name, onPayload], index) => {
      let first = true;
      // postgres.js keeps one connection for LISTEN and re-listens after losing it; `onlisten` runs each time.
      const request = await client.listen(name, onPayload, () => {
        if (!first && index === 0) onRelisten();
        first = false;
      });
      return () => request.unlisten();
    }),
  );
}
