import { SERVICE_ROUTES } from "../../app/lib/route-files";

// Every backoffice page of the route table (app/lib/route-files.ts), so a new screen is visited
// without a list to keep; pages with a parameter get a row the demo data has, files are skipped.
const SAMPLE_PARAMS: Record<string, string> = {
  "consent/:slug": "consent/registerForm",
  "categories/:id": "categories/1",
  "attributes/:id": "attributes/1",
  "attribute-sets/:id": "attribute-sets/new",
  "products/:id": "products/1",
  "coupons/:id": "coupons/1",
  "shipping/:id": "shipping/3",
  "payments/:id": "payments/2",
  "media/:id": "media/1",
  "pages/:id": "pages/1",
  // The seed makes eight pages before the blog: the first post is 9.
  "posts/:id": "posts/9",
  "terms/:id": "terms/1",
  "events/:id": "events/1",
  "templates/:kind": "templates/orderConfirmation",
  "forms/:id": "forms/new",
  "redirects/:id": "redirects/new",
};
export const ADMIN_SCREENS = (SERVICE_ROUTES.find((route) => route.path === "admin")?.children ?? [])
  // A screen is a component (.tsx); a .ts route is a file, a JSON answer or an action only.
  .filter((child) => child.file.endsWith(".tsx"))
  .map((child) => (child.path === undefined ? "" : (SAMPLE_PARAMS[child.path] ?? child.path)))
  // The in-page editor's edit/... routes are JSON for its fetchers, not screens: the specs of edit mode visit it.
  .filter((path) => !path.includes(":") && !/\.(csv|pdf|json)$/.test(path) && !path.endsWith("/export") && !path.startsWith("edit/"))
  .map((path) => (path ? `/admin/${path}` : "/admin"));
