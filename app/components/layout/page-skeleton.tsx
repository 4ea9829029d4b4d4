/** Placeholder for the main area while a route's module and data load. */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading page" className="mx-auto max-w-7xl animate-pulse px-4 py-16 motion-reduce:animate-none sm:px-6">
      <div className="h-4 w-32 rounded bg-slate-200" />
      <div className="mt-6 h-10 w-3/4 max-w-2xl rounded bg-slate-200" />
      <div className="mt-4 h-5 w-full max-w-3xl rounded bg-slate-100" />
      <div className="mt-2 h-5 w-5/6 max-w-2xl rounded bg-slate-100" />
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-40 rounded-xl bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
