import { index, route, type RouteConfig } from "@remix-run/route-config";

export default [index("routes/list.tsx"), route("cards", "routes/cards.tsx")] satisfies RouteConfig;
