/**
 * Data every reader sees alike (the leaderboard's boards), read once and kept in this instance
 * until the database announces a change: triggers NOTIFY a channel when the rows behind it change
 * (migration 0029), every instance LISTENs (`listenForChanges`, started by the server) and counts
 * what it heard; a kept answer from an older count is not served again. Never for personal or
 * paid data.
 */
import type { Database, DatabaseHandle } from "./client.server";
import { listen } from "./listen.server";

/** The channels the triggers announce on, by what changed. */
export const CHANGE_CHANNELS = {
  /** The record's standings, or what a board shows beside them (names, photos, withdrawals). */
  standings: "sharpside_standings",
} as const;
export type ChangeChannel = keyof typeof CHANGE_CHANNELS;

export interface ChangeSignals {
  /** How many changes this instance has heard on the channel; null once it stopped listening. */
  generation(channel: ChangeChannel): number | null;
  close(): Promise<void>;
}

/**
 * A kept answer is read again after this long whatever was heard: the bound on a change no
 * trigger announces, or one missed while the LISTEN connection was being replaced.
 */
export const KEPT_MAX_AGE_MS = 5 * 60_000;

/** LISTENs on every change channel for this instance. A LISTEN lost and back counts as a change. */
export async function listenForChanges(handle: DatabaseHandle): Promise<ChangeSignals> {
  const channels = Object.keys(CHANGE_CHANNELS) as ChangeChannel[];
  const generations = new Map(channels.map((channel) => [channel, 0]));
  const heard = (channel: ChangeChannel) => generations.set(channel, (generations.get(channel) ?? 0) + 1);
  let listening = true;
  const stops = await listen(
    handle,
    channels.map((channel) => [CHANGE_CHANNELS[channel], () => heard(channel)]),
    () => channels.forEach(heard),
  );
  return {
    generation: (channel) => (listening ? (generations.get(channel) ?? null) : null),
    async close() {
      listening = false;
      await Promise.all(stops.map((stop) => stop().catch(() => {})));
    },
  };
}

/**
 * `read`, its answers kept per database handle and key until a change is heard on `channel` (or
 * for `KEPT_MAX_AGE_MS`), at most `maxKept` of them (the oldest go first). Without signals (a
 * script, a test that starts none) every call reads. A failed read is not kept.
 */
export function keptUntilChanged<A, T>(
  channel: ChangeChannel,
  keyOf: (args: A) => string,
  read: (db: Database, args: A) => Promise<T>,
  maxKept = 200,
): (db: Database, signals: ChangeSignals | undefined, args: A, now?: number) => Promise<T> {
  const kept = new WeakMap<Database, { generation: number; answers: Map<string, { at: number; value: Promise<T> }> }>();
  return (db, signals, args, now = Date.now()) => {
    const generation = signals?.generation(channel) ?? null;
    if (generation === null) return read(db, args);
    let forDb = kept.get(db);
    // A change was heard since these were read (a read still running then is dropped with them).
    if (!forDb || forDb.generation !== generation) kept.set(db, (forDb = { generation, answers: new Map() }));
    const { answers } = forDb;
    const key = keyOf(args);
    const found = answers.get(key);
    if (found && now - found.at < KEPT_MAX_AGE_MS) return found.value;
    // A drizzle query is a lazy thenable: keep the promise its `then` makes (one read).
    const value = read(db, args).then((answer) => answer);
    answers.delete(key);
    if (answers.size >= maxKept) answers.delete(answers.keys().next().value as string);
    answers.set(key, { at: now, value });
    value.catch(() => answers.get(key)?.value === value && answers.delete(key));
    return value;
  };
}
