/**
 * The reader's own part of a page rendered once for its audience (decision 049): the home's feed.
 * The shared render leaves the slot empty and hands the server a way to render its content later,
 * once per reader, with the very context values the page's render had (the router's state, the
 * time zone…). The browser renders the content in the slot from the reader's part at once, so it
 * hydrates the markup the server put there.
 */
import { UNSAFE_RemixContext } from "@remix-run/react";
import { createContext, useContext, type Context, type ReactElement } from "react";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from "react-router-dom";
import { NonceContext } from "~/components/nonce";
import { TimeZoneContext } from "~/components/time/time-zone";
import { ConfirmContext } from "~/components/ui/confirm-dialog";
import { SLOT_ATTRIBUTE, type SlotRender } from "~/modules/http/shared-render";

/** Given by entry.server.tsx to a shared render: keeps each slot's renderer for the server. */
export interface SlotHost {
  define(name: string, render: SlotRender): void;
  renderToString(element: ReactElement): string;
}

export const SlotHostContext = createContext<SlotHost | null>(null);

/**
 * In a slot's render on the server only: the markup of its parts (a list's cards) by id, rendered
 * beforehand and kept while the page's copy is (see `parts`). A list puts a part's markup in its
 * item as it is; in the browser there is none, and the list renders the part itself.
 */
export const SlotPartsContext = createContext<ReadonlyMap<string, string> | null>(null);

export const useSlotPart = (id: string): string | undefined => useContext(SlotPartsContext)?.get(id);

/** A part of a slot: `key` names everything its markup depends on (its data, the time). */
export interface SlotPart {
  id: string;
  key: string;
  element: ReactElement;
}

/**
 * Parts kept per page copy: the cards of ten readers' pages with nothing in common. A copy lives
 * 2 s, and the shared render keeps at most 300 copies, so all kept cards (about 3.6 kB each) stay
 * under about 55 MB whatever the readers ask.
 */
const MAX_KEPT_PARTS = 50;

/**
 * Every context a slot's content may read. A context missing here would render differently
 * later than in the page, and the browser would throw the server's markup away:
 * test/component/slot-contexts.test.tsx requires each of the app's contexts to be listed or excused.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- contexts of every value type
export const SLOT_CONTEXTS: readonly Context<any>[] = [
  UNSAFE_RemixContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_ViewTransitionContext,
  UNSAFE_NavigationContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
  NonceContext,
  TimeZoneContext,
  ConfirmContext,
];

function useSlotContextValues(): unknown[] {
  // The list never changes, so the hooks run in the same order on every render.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return SLOT_CONTEXTS.map((context) => useContext(context));
}

function withContexts(values: unknown[], element: ReactElement): ReactElement {
  return SLOT_CONTEXTS.reduceRight<ReactElement>(
    (inner, { Provider }, index) => <Provider value={values[index]}>{inner}</Provider>,
    element,
  );
}

/**
 * `data` is the reader's part (null in the shared render, which leaves the slot empty); `children`
 * renders the slot's content from it, in the page and later for each reader alike. `parts` names
 * the pieces many readers' slots have in common (a post's card): each is rendered once per page
 * copy and key, and its markup reused in every reader's slot.
 */
export function SharedSlot<Data>({
  name,
  data,
  parts,
  children,
}: {
  name: string;
  data: Data | null;
  parts?: (data: Data) => SlotPart[];
  children: (data: Data) => ReactElement;
}) {
  const host = useContext(SlotHostContext);
  const values = useSlotContextValues();
  const attributes = { [SLOT_ATTRIBUTE]: name };
  if (data === null) {
    if (host) host.define(name, slotRenderer(host, values, children, parts));
    return <div {...attributes} />;
  }
  return <div {...attributes}>{children(data)}</div>;
}

function slotRenderer<Data>(
  host: SlotHost,
  values: unknown[],
  children: (data: Data) => ReactElement,
  parts: ((data: Data) => SlotPart[]) | undefined,
): SlotRender {
  const kept = new Map<string, string>();
  const render = (element: ReactElement) => host.renderToString(withContexts(values, element));
  return (page) => {
    const data = page as Data;
    const markup = new Map<string, string>();
    for (const part of parts?.(data) ?? []) {
      let html = kept.get(part.key);
      if (html === undefined) {
        html = render(part.element);
        if (kept.size >= MAX_KEPT_PARTS) kept.delete(kept.keys().next().value!);
        kept.set(part.key, html);
      }
      markup.set(part.id, html);
    }
    return render(<SlotPartsContext.Provider value={markup}>{children(data)}</SlotPartsContext.Provider>);
  };
}
