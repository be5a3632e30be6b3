/** Any path no other route claims: the 404 page inside the normal layout. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
