/**
 * The games a pick's legs name, for their sides' team names: the category's list, plus those
 * chosen or loaded with the pick, plus (for a loaded parlay) later games outside the list, read
 * one by one from the /editor/events loader once the list has answered.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import type { EventDTO } from "~/modules/reference/reference.server";
import type { EventsState } from "./event-select";
import type { LegFormValues } from "./pick-form-model";
import { useRouteData } from "./use-route-data";

export function useKnownEvents(post: PostDTO | null, events: EventsState, legs: LegFormValues[]) {
  // Games the legs name: the category's list, plus those chosen or loaded with the pick.
  const [extraEvents, setExtraEvents] = useState<Map<number, EventDTO>>(
    () => new Map(post?.eventInfo ? [[post.eventInfo.id, post.eventInfo]] : []),
  );
  const knownEvents = useMemo(() => {
    const map = new Map(extraEvents);
    if (events.status === "loaded") for (const event of events.items) map.set(event.id, event);
    return map;
  }, [extraEvents, events]);
  const rememberEvent = useCallback(
    (event: EventDTO) => setExtraEvents((current) => new Map(current).set(event.id, event)),
    [],
  );

  // A loaded parlay's later games may be outside the category's list: ask for them one by one
  // (their teams name the sides), once the list has answered. One that cannot be read is left:
  // its sides then read Home/Away, nothing to tell the expert.
  const [unreadable, setUnreadable] = useState<ReadonlySet<number>>(() => new Set());
  const missing =
    events.status === "loaded" || events.status === "error"
      ? legs.find((leg) => leg.eventId !== null && !knownEvents.has(leg.eventId) && !unreadable.has(leg.eventId))
          ?.eventId
      : undefined;
  const lookup = useRouteData<{ event: EventDTO }>(missing == null ? null : `/editor/events?id=${missing}`);
  useEffect(() => {
    if (missing == null) return;
    if (lookup.status === "loaded" && lookup.data.event?.id === missing) rememberEvent(lookup.data.event);
    else if (lookup.status === "loaded" || lookup.status === "error")
      setUnreadable((current) => new Set(current).add(missing));
  }, [lookup, missing, rememberEvent]);

  return { knownEvents, rememberEvent };
}
