/** Whether this browser has the HTML `popover` attribute (every current one does; ADR 020 and 022). */
export const hasPopovers = (): boolean => "popover" in HTMLElement.prototype;
