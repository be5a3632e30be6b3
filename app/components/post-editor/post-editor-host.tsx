/**
 * Where the create/edit post dialog mounts (product.md "Screens and routes", decision 018): on every page,
 * when the URL carries `?createEditPost=`. The dialog and the editor (Slate and the rest) are a
 * chunk of their own, fetched only when the dialog opens, and only in the browser: the server
 * renders nothing here. The root loader already sent anyone but an expert elsewhere.
 */
import { useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { Loader2 } from "~/components/ui/icons";
import { Suspense, lazy, useCallback, useEffect, useState } from "react";
import { POST_EDITOR_PARAM, withEditorParam, withoutEditorParam } from "./editor-param";
import { browserOnly } from "~/components/ui/browser-only";

const PostEditorDialog = lazy(() => import("./post-editor-dialog"));

export const PostEditorHost = browserOnly(function PostEditorHost({
  viewer,
}: {
  viewer: { id: string; roles: string[] } | null;
}) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const postId = params.get(POST_EDITOR_PARAM);
  const close = useCallback(
    () =>
      navigate(
        { pathname: location.pathname, search: withoutEditorParam(location.search), hash: location.hash },
        { replace: true, preventScrollReset: true },
      ),
    [navigate, location.pathname, location.search, location.hash],
  );
  const rename = useCallback(
    (id: string) =>
      navigate(
        { pathname: location.pathname, search: withEditorParam(location.search, id), hash: location.hash },
        { replace: true, preventScrollReset: true },
      ),
    [navigate, location.pathname, location.search, location.hash],
  );

  if (!postId || !hydrated || !viewer?.roles.includes("Expert")) return null;
  return (
    <Suspense fallback={<LoadingEditor />}>
      <PostEditorDialog postId={postId} viewerId={viewer.id} onClose={close} onPostIdChange={rename} />
    </Suspense>
  );
});

function LoadingEditor() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink/60">
      <p
        role="status"
        className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-lg"
      >
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Opening the editor…
      </p>
    </div>
  );
}
