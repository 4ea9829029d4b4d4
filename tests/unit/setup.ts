// Custom DOM matchers (toBeInTheDocument, toHaveAttribute, ...) for the jsdom test files.
import "@testing-library/jest-dom/vitest";

import { afterEach } from "vitest";

// Testing Library unmounts what a test rendered only where `afterEach` is a global, which it is
// not here: unmount after each test of the jsdom files, so that nothing still mounted (a lazily
// loaded part arriving late) renders after its file's window is gone.
if (typeof document !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(cleanup);
}
