import { lazy, memo, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * A component that only some pages render (the bundle customisation on bundle pages),
 * kept out of the first-load JavaScript of every other page (the first-load budget) without
 * costing visitors without JavaScript anything:
 * - the server renders the real component at once, so the HTML is complete;
 * - the browser loads its module only when a page renders it; until it arrives the
 *   Suspense boundary keeps the server's HTML (React hydrates it afterwards).
 * `eager` must be `import.meta.env.SSR ? TheComponent : null` at the call site: Vite turns
 * that into null in the browser build, so the module is not bundled statically there.
 *
 * The boundary is memoised: until its module arrives it is still dehydrated, and a
 * dehydrated boundary that receives an update (a parent re-rendering right after hydration,
 * e.g. on `useHydrated` turning true) makes React throw the server's HTML away and render it
 * anew on the client (minified React error #421, which tests/e2e/console-errors.spec.ts refuses).
 * With `memo` a parent's re-render with the same props never reaches it; props that really change
 * still do.
 */
export function serverFirst<P extends object>(
  eager: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): (props: P) => ReactNode {
  // lazy() wraps the props type in ref attributes; the component is the same either way.
  const Component = (eager ?? lazy(() => load().then((component) => ({ default: component })))) as ComponentType<object>;
  return memo(function ServerFirst(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }) as unknown as (props: P) => ReactNode;
}
