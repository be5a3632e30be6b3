/**
 * What the server and the browser agree on for a page rendered once for many signed-in readers
 * (decision 047): the page's frame is rendered for a stand-in of the reader's audience, and the
 * reader's own part travels beside it in a JSON element the browser reads after hydration.
 */

/** The id of the `<script type="application/json">` element holding the reader's own part. */
export const PERSONAL_DATA_ID = "ss-personal";

/** The stand-in reader's id: no row has it, so nothing personal is ever read for it. */
export const STAND_IN_USER_ID = "00000000-0000-0000-0000-000000000000";

/** The reader's own part of a shared page, as the server writes it into PERSONAL_DATA_ID. */
export interface PersonalParts<Frame = unknown, Page = unknown> {
  frame: Frame;
  page: Page | null;
}

/**
 * A slot: the element a shared page leaves empty where each reader's own content goes (the home's
 * feed, decision 049). The server fills it per reader before the page leaves; the browser renders
 * the same content there from the reader's part, so hydration finds what it renders.
 */
export const SLOT_ATTRIBUTE = "data-shared-slot";

/** The empty slot as React writes it. */
export const slotPlaceholder = (name: string) => `<div ${SLOT_ATTRIBUTE}="${name}"></div>`;

/** Renders a slot's content for one reader, from their page part. */
export type SlotRender = (page: unknown) => string;
