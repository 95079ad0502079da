/** Any deeper unknown path answers 404 through the error layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
