/**
 * Shown in place of the page while a client navigation into a protected page waits for the
 * server's check (session and role). The protected content only renders once the check passed.
 */
export function AccessCheck() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 px-4 text-slate-700">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-navy-900 motion-reduce:animate-none"
      />
      Checking your access…
    </div>
  );
}
