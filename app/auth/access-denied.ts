/** The Access Denied wording (docs/requirements/public-site.md#errors), shared by the 403 screen and API errors. */
export const ACCESS_DENIED_TEXT = {
  title: "Access Denied",
  text: "Administrator access required",
  message: "You don't have permission to access this area",
} as const;
