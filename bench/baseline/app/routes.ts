import { index, route, type RouteConfig } from "@remix-run/route-config";

export default [index("routes/_index.tsx"), route("pk", "routes/pk.ts")] satisfies RouteConfig;
