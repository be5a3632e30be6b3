/** The paths of the pages other code recognises in a URL: an expert's page and a post's. Client-safe. */
import { UUID_PATTERN } from "~/modules/http/uuid";

const EXPERT_PAGE = /^\/experts\/([^/]+)\/?$/;
const POST_PAGE = /^\/posts\/([0-9a-f-]{36})\/?$/i;

/** The user name of `/experts/{userName}` (decoded; null for any other path or a malformed escape). */
export function expertPageUserName(pathname: string): string | null {
  const match = EXPERT_PAGE.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]) || null;
  } catch {
    return null;
  }
}

/** The post id of `/posts/{postId}` (null for any other path). */
export function postPageId(pathname: string): string | null {
  const match = POST_PAGE.exec(pathname);
  return match && UUID_PATTERN.test(match[1]) ? match[1] : null;
}
