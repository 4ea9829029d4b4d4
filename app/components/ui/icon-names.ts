import { iconNames as contentIconNames } from "~/content/types";

/** Icons the interface itself uses, besides those content records name. */
export const uiIconNames = [
  "arrow-right",
  "check",
  "chevron-down",
  "chevron-right",
  "clock",
  "credit-card",
  "external-link",
  "headset",
  "menu",
  "monitor-smartphone",
  "pause",
  "play",
  "search",
  "x",
] as const;

export const allIconNames = [...new Set([...contentIconNames, ...uiIconNames])];
export type AnyIconName = (typeof contentIconNames)[number] | (typeof uiIconNames)[number];
