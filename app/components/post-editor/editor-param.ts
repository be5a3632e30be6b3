/**
 * The query parameter that opens the create/edit post dialog on any page (product.md "Screens and routes"):
 * `?createEditPost=NEW` or `?createEditPost={postId}`. Client-safe; the root loader gates it.
 */
export const POST_EDITOR_PARAM = "createEditPost";
export const NEW_POST = "NEW";

/** The same location without the dialog's parameter (what closing the dialog goes back to). */
export function withoutEditorParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(POST_EDITOR_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** The same location with the dialog open on `postId`. */
export function withEditorParam(search: string, postId: string): string {
  const params = new URLSearchParams(search);
  params.set(POST_EDITOR_PARAM, postId);
  return `?${params}`;
}
