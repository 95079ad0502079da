import "@testing-library/jest-dom/vitest";

// findBy* and waitFor give up after 1 s by default: beside the build on two cores a render
// with its lazy imports can take longer. They return as soon as the element is there. Only
// the files that render (jsdom) load Testing Library.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 5_000 });
}
