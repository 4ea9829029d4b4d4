// Custom DOM matchers (toBeInTheDocument, toHaveAttribute, ...) for the jsdom test files.
import "@testing-library/jest-dom/vitest";
