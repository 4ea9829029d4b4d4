/**
 * HTML's invoker commands (a button's `commandfor` and `command`), which open and close the phone
 * menu's dialog before any script has run (docs/decisions/020-kept-content-loaded-on-change.md). React
 * passes these lowercase attributes through to the DOM; its types do not list them yet.
 */
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
  }
}
