// The yardstick for API routes (bench/accounts.js; the "Remix resource route + one
// primary-key SELECT"): a resource route doing one primary-key SELECT with postgres.js against
// DATABASE_URL and answering the row as JSON. `GET /pk?id=<uuid>` → `{"payload": {"user": …}}`.
// Same pool size as the app's (10). Without DATABASE_URL it answers 503; an unknown id, 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import postgres from "postgres";

let sql: postgres.Sql | undefined;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = process.env.DATABASE_URL;
  if (!url) return Response.json({ error: "DATABASE_URL is not set" }, { status: 503 });
  sql ??= postgres(url, { max: 10, onnotice: () => {}, connection: { application_name: "sharpside-baseline" } });
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[0-9a-f-]{36}$/.test(id)) return Response.json({ error: "id must be a uuid" }, { status: 400 });
  const [user] = await sql`SELECT * FROM users WHERE id = ${id}`;
  if (!user) return Response.json({ error: "not found" }, { status: 404 });
  return Response.json({ payload: { user } });
}
