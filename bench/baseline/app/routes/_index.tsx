import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [
  { title: "Baseline" },
  { name: "description", content: "A minimal Remix SSR page" },
];

export function loader() {
  return { message: "Hello from a minimal Remix page." };
}

export default function Index() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Baseline</h1>
      <p>{message}</p>
    </main>
  );
}
