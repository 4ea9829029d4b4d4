import { Link } from "react-router";

import { useFacts } from "~/components/layout/facts";
import { Button } from "~/components/ui/button";
import { PhoneLink } from "~/components/ui/contact-links";
import { Icon } from "~/components/ui/icon";
import { controlClass } from "~/components/ui/input";
import { routeMeta } from "~/lib/meta";
import { KIND_LABELS, markedSegments, PAGES_MAX, QUERY_MAX, SEARCH_MESSAGES, searchPath } from "~/search/search-rules";

import type { Route } from "./+types/search";

export { loader } from "./search.server";

/** Never stored by a cache: each answer is this search's (and counted). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const query = loaderData?.kind === "results" ? loaderData.query : "";
  const page = loaderData?.kind === "results" ? loaderData.outcome.page : 1;
  return routeMeta(matches, {
    title: query ? `Search results for “${query.slice(0, 40)}”${page > 1 ? ` (page ${page})` : ""}` : "Search",
    description: "Search every page of the site: services, industries, offices, questions and blog posts.",
    path: "/search",
    noindex: "follow",
  });
};

/** A title or a snippet with its matched words in <mark>: text and elements, never markup. */
function Marked({ text }: { text: string }) {
  return (
    <>
      {markedSegments(text).map((segment, i) =>
        segment.marked ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

function SearchForm({ value }: { value: string }) {
  return (
    <form role="search" aria-label="New" action="/search" method="get" className="mt-6 flex max-w-2xl gap-2">
      <label htmlFor="search-page-q" className="sr-only">
        Search the site
      </label>
      <input
        id="search-page-q"
        type="search"
        name="q"
        defaultValue={value}
        maxLength={QUERY_MAX}
        autoComplete="off"
        placeholder="Services, questions, articles…"
        className={controlClass("md", "min-w-0 flex-1")}
      />
      <Button type="submit" size="lg">
        <Icon name="search" className="size-5" />
        Search
      </Button>
    </form>
  );
}

/** Nothing found: close words, the contact page and the sales line. */
function NothingFound({
  query,
  suggestions,
  ignored,
}: {
  query: string;
  suggestions: { word: string; query: string }[];
  ignored: string[];
}) {
  const { sales } = useFacts().phones;
  return (
    <div className="mt-8 max-w-2xl space-y-4 text-slate-700">
      <h2 className="text-xl font-semibold text-navy-900">No results for “{query}”</h2>
      {ignored.length > 0 && (
        <p>
          {ignored.map((w) => `“${w}”`).join(", ")} {ignored.length === 1 ? "is" : "are"} too common to search for: add a more particular
          word.
        </p>
      )}
      {suggestions.length === 0 && ignored.length === 0 && <p>Check the spelling, or try other or fewer words.</p>}
      {suggestions.length > 0 && (
        <p>
          Did you mean{" "}
          {suggestions.map((s, i) => (
            <span key={s.query}>
              {i > 0 && ", "}
              <Link to={searchPath(s.query)} className="font-semibold text-accent underline underline-offset-4">
                {s.word}
              </Link>
            </span>
          ))}
          ?
        </p>
      )}
      <p>
        Or ask us directly:{" "}
        <Link to="/contact" className="font-semibold text-accent underline underline-offset-4">
          send us a message
        </Link>{" "}
        or call sales at <PhoneLink phone={sales} className="font-semibold text-accent underline underline-offset-4" />.
      </p>
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const typed = loaderData.kind === "results" ? loaderData.query : loaderData.kind === "refused" ? loaderData.typed : "";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
        {loaderData.kind === "results" ? "Search results" : "Search the site"}
      </h1>
      <SearchForm value={typed} />
      {loaderData.kind === "form" && <p className="mt-4 text-slate-700">{SEARCH_MESSAGES.empty}</p>}
      {loaderData.kind === "refused" && (
        <p role="alert" className="mt-4 max-w-2xl rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {loaderData.message}
        </p>
      )}
      {loaderData.kind === "results" && <Results {...loaderData} />}
    </div>
  );
}

function Results({ query, shortened, outcome }: Extract<Route.ComponentProps["loaderData"], { kind: "results" }>) {
  const { hits, total, page, pageSize, corrected, partial } = outcome;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      {shortened && (
        <p className="mt-4 max-w-2xl rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          {SEARCH_MESSAGES.shortened}
        </p>
      )}
      {total === 0 ? (
        <NothingFound query={query} suggestions={outcome.suggestions} ignored={outcome.ignored} />
      ) : (
        <>
          <div className="mt-6 space-y-1 text-slate-700">
            <p role="status">
              {hits.length === 0
                ? `No more results: “${query}” has ${total} ${total === 1 ? "result" : "results"}.`
                : `${total === 1 ? "1 result" : `${total} results`} for “${query}”${pages > 1 ? `, ${first}–${first + hits.length - 1} shown` : ""}.`}
            </p>
            {corrected.length > 0 && (
              <p>
                Showing results for{" "}
                {corrected.map((c, i) => (
                  <span key={c.typed}>
                    {i > 0 && ", "}
                    <strong className="font-semibold text-navy-900">{c.searched}</strong> (you typed “{c.typed}”)
                  </span>
                ))}
                .
              </p>
            )}
            {partial && <p>No page has all of your words: these have some of them.</p>}
          </div>
          <ol className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
            {hits.map((hit) => (
              <li key={hit.url} className="py-5">
                <p className="text-xs font-semibold tracking-wider text-slate-600 uppercase">{KIND_LABELS[hit.kind]}</p>
                <h2 className="mt-1 text-lg font-semibold text-navy-900">
                  {/* A question's answer (/faq#q-...) is opened by the browser's own navigation to its fragment. */}
                  <Link to={hit.url} reloadDocument={hit.url.includes("#")} className="underline-offset-4 hover:underline">
                    <Marked text={hit.title} />
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-slate-500">{hit.url}</p>
                <p className="mt-2 text-slate-700">
                  <Marked text={hit.snippet} />
                </p>
              </li>
            ))}
          </ol>
          {hits.length === 0 && (
            <p className="mt-6">
              <Link to={searchPath(query)} className="font-semibold text-accent underline underline-offset-4">
                Back to the first page of results
              </Link>
            </p>
          )}
          {pages > 1 && hits.length > 0 && (
            <nav aria-label="Result pages" className="mt-8 flex flex-wrap items-center justify-between gap-4">
              {page > 1 ? (
                <Link to={searchPath(query, page - 1)} rel="prev" className="font-semibold text-accent underline underline-offset-4">
                  Previous results
                </Link>
              ) : (
                <span />
              )}
              <p className="text-sm text-slate-700">
                Page {page} of {Math.min(pages, PAGES_MAX)}
              </p>
              {page < Math.min(pages, PAGES_MAX) ? (
                <Link to={searchPath(query, page + 1)} rel="next" className="font-semibold text-accent underline underline-offset-4">
                  More results
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </>
      )}
    </>
  );
}
