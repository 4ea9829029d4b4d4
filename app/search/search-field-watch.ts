/**
 * Loads the live results' code (./live-search.ts) when a site search field is first focused, and
 * not before: the field is plain HTML that submits to /search, and a page whose field nobody
 * touches fetches none of this (docs/requirements/search.md). A field focused before this ran (the
 * focus that started the page's modules) is taken as it is.
 */
const FIELD = "input[data-search-input]";

export function watchSearchFields(): void {
  let loading: Promise<typeof import("./live-search")> | undefined;
  const take = (target: EventTarget | null) => {
    if (!(target instanceof HTMLInputElement) || !target.matches(FIELD)) return;
    loading ??= import("./live-search");
    loading.then(
      (live) => live.attachLiveSearch(target),
      () => {
        loading = undefined; // offline: the plain form still works; the next focus tries again
      },
    );
  };
  window.addEventListener("focusin", (event) => take(event.target), true);
  take(document.activeElement);
}
