/** The shape of Insights' searches figures (./searches.server.ts), for the dashboard's components. */

export interface SearchQueryFigures {
  query: string;
  searches: number;
  /** Distinct visitors (an address a day) who searched it. */
  visitors: number;
  /** Searches of it that found nothing. */
  zero: number;
  /** Visitors who sent a contact request in the visit they searched it in. */
  contacted: number;
}

export interface SearchFigures {
  total: { searches: number; zero: number; contacted: number };
  /** The most searched queries. */
  top: SearchQueryFigures[];
  /** The queries that found nothing, most searched first. */
  zero: SearchQueryFigures[];
}
