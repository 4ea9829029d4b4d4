/**
 * The live results of a site search field (docs/requirements/search.md), loaded when the field is
 * first focused (./search-field-watch.ts): the WAI-ARIA combobox pattern with a listbox. As the
 * visitor types, the first results of /search.json are listed under the field: at once for the
 * first key, then at most every DEBOUNCE_MS while typing goes on (the last word always asked),
 * each answer kept for the same text. ArrowDown and ArrowUp move through the results
 * (aria-activedescendant; focus stays in the field), Enter opens the one chosen (or, with none,
 * submits the form to /search), Escape closes the list, a click opens a result.
 *
 * Plain DOM, not React: the header's field is kept as the server sent it (StaticContent) and the
 * side menu's is inside the menu's kept content, so the list added to their form is no component's.
 * Text from the server (titles, snippets) is set as text; the matched words become <mark> elements
 * made here. The keys are read on window in the capture phase, so they are heard even while a
 * public page holds input back from React as it hydrates (ADR 025).
 */
import { KIND_LABELS, markedSegments, searchPath, type LiveAnswer } from "./search-rules";

/** Milliseconds between two asks while the visitor goes on typing. */
export const DEBOUNCE_MS = 150;

const attached = new WeakSet<HTMLInputElement>();

function marked(text: string, into: HTMLElement): void {
  for (const segment of markedSegments(text)) {
    if (!segment.marked) into.append(segment.text);
    else {
      const mark = document.createElement("mark");
      mark.className = "rounded-sm bg-amber-100 text-inherit";
      mark.textContent = segment.text;
      into.append(mark);
    }
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

export function attachLiveSearch(input: HTMLInputElement): void {
  const form = input.form;
  if (attached.has(input) || !form) return;
  attached.add(input);
  const place = form.dataset.siteSearch === "menu" ? "menu" : "header";
  const listId = `${input.id || "site-search"}-results`;

  const list = element(
    "ul",
    place === "menu"
      ? "absolute top-full right-0 left-0 z-50 mt-1 max-h-[60vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      : "absolute top-full right-0 z-50 mt-1 max-h-[70vh] w-[28rem] max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg",
  );
  list.id = listId;
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Search results");
  list.hidden = true;
  const status = element("p", "sr-only");
  status.setAttribute("role", "status");
  form.append(list, status);

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", listId);

  const answers = new Map<string, LiveAnswer>();
  let options: HTMLElement[] = [];
  let active = -1;
  let shownFor = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: AbortController | undefined;
  let lastAsked = -Infinity;

  const open = () => {
    list.hidden = options.length === 0;
    input.setAttribute("aria-expanded", String(!list.hidden));
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    select(-1);
  };
  function select(index: number) {
    if (options[active]) options[active].setAttribute("aria-selected", "false");
    active = index;
    const option = options[active];
    if (option) {
      option.setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", option.id);
      option.scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  }

  function show(answer: LiveAnswer, text: string) {
    shownFor = text;
    options = [];
    active = -1;
    input.removeAttribute("aria-activedescendant");
    const items: HTMLElement[] = [];
    answer.hits.forEach((hit, i) => {
      const item = element("li", "aria-selected:bg-slate-100");
      item.id = `${listId}-${i}`;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      const link = element("a", "block px-3 py-2 text-navy-900 hover:bg-slate-100");
      link.href = hit.url;
      link.tabIndex = -1;
      const title = element("span", "block font-semibold");
      marked(hit.title, title);
      const kind = element("span", "block text-xs font-semibold tracking-wider text-slate-600 uppercase", KIND_LABELS[hit.kind] ?? "");
      const snippet = element("span", "line-clamp-2 text-sm text-slate-700");
      marked(hit.snippet, snippet);
      link.append(kind, title, snippet);
      item.append(link);
      items.push(item);
    });
    const all = element("li", "border-t border-slate-200 aria-selected:bg-slate-100");
    all.id = `${listId}-all`;
    all.setAttribute("role", "option");
    all.setAttribute("aria-selected", "false");
    const allLink = element(
      "a",
      "block px-3 py-2.5 text-sm font-semibold text-accent hover:bg-slate-100",
      answer.total === 0 ? `No results for “${answer.query}”: search anyway` : `See all ${answer.total} results for “${answer.query}”`,
    );
    allLink.href = searchPath(answer.query);
    allLink.tabIndex = -1;
    all.append(allLink);
    items.push(all);
    list.replaceChildren(...items);
    options = items;
    status.textContent = answer.total === 0 ? "No results" : `${answer.total} ${answer.total === 1 ? "result" : "results"}`;
    open();
  }

  async function ask(text: string) {
    lastAsked = performance.now();
    const kept = answers.get(text);
    if (kept) return show(kept, text);
    asking?.abort();
    const controller = new AbortController();
    asking = controller;
    try {
      const response = await fetch(`/search.json?q=${encodeURIComponent(text)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      // A query that cannot be searched, too many searches: no list (Enter still submits the form).
      if (!response.ok) {
        if (input.value.trim() === text) close();
        return;
      }
      const answer = (await response.json()) as LiveAnswer;
      answers.set(text, answer);
      if (input.value.trim() === text && document.activeElement === input) show(answer, text);
    } catch {
      // Aborted by a newer key, or offline: the form still submits.
    } finally {
      if (asking === controller) asking = undefined;
    }
  }

  function typed() {
    clearTimeout(timer);
    const text = input.value.trim();
    if (!text) {
      asking?.abort();
      close();
      return;
    }
    if (text === shownFor && options.length) return open();
    // The first key is asked at once; while typing goes on, at most every DEBOUNCE_MS, and the
    // last text always.
    const wait = DEBOUNCE_MS - (performance.now() - lastAsked);
    if (wait <= 0 && !asking) void ask(text);
    else timer = setTimeout(() => void ask(input.value.trim()), Math.max(wait, 0, asking ? DEBOUNCE_MS : 0));
  }

  const choose = (option: HTMLElement | undefined) => {
    const link = option?.querySelector("a");
    if (!link) return false;
    close();
    link.click();
    return true;
  };

  window.addEventListener(
    "input",
    (event) => {
      if (event.target === input) typed();
    },
    true,
  );
  window.addEventListener(
    "keydown",
    (event) => {
      if (event.target !== input || event.isComposing) return;
      const shown = !list.hidden && options.length > 0;
      switch (event.key) {
        case "ArrowDown":
        case "ArrowUp": {
          event.preventDefault();
          if (!shown) {
            if (input.value.trim()) typed();
            return;
          }
          // Down from the field to the first result, past the last back to the field; up the other way.
          let next = active + (event.key === "ArrowDown" ? 1 : -1);
          if (next >= options.length) next = -1;
          else if (next < -1) next = options.length - 1;
          select(next);
          return;
        }
        case "Enter":
          if (shown && active >= 0 && choose(options[active])) event.preventDefault();
          return;
        case "Escape":
          if (shown) {
            event.preventDefault();
            event.stopPropagation(); // the side menu stays open
            close();
          }
          return;
        default:
          return;
      }
    },
    true,
  );
  // A press in the list keeps the focus in the field; the click opens the result.
  list.addEventListener("mousedown", (event) => event.preventDefault());
  list.addEventListener("click", (event) => {
    const link = (event.target as Element).closest("a");
    if (!link) return;
    close();
    // A question's answer (/faq#q-...) is opened by the browser's own navigation to its fragment
    // (a closed disclosure opens for it); the app's navigation would only scroll to it.
    if (link.hash && link.pathname !== window.location.pathname) {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });
  input.addEventListener("focus", () => {
    if (input.value.trim() && input.value.trim() === shownFor) open();
  });
  input.addEventListener("blur", () => {
    // After a click in the list has been taken.
    setTimeout(() => {
      if (document.activeElement !== input) close();
    }, 150);
  });

  // Typed before this code came (the first keys while the page's modules loaded).
  if (document.activeElement === input && input.value.trim()) typed();
}
