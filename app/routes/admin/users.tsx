import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import { grantRole, hasAdminRole, revokeRole } from "~/auth/roles.server";
import { requireAdmin } from "~/auth/session.server";
import {
  AccountExistsError,
  createStaffUser,
  deleteStaffUser,
  listStaff,
  resetPassword,
  signOutEverywhere,
  uuidSchema,
  WeakPasswordError,
} from "~/auth/users.server";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { readForm } from "~/lib/request-body.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context.services);
  return { staff: await listStaff(context.services.db), me: { id: me.user.id, isSuperAdmin: me.isSuperAdmin } };
}

type Outcome = { ok: true; message: string } | { ok: false; message: string; reasons?: string[]; code?: string; intent: string; email?: string };

const SUPER_ONLY = new Set(["grant-admin", "revoke-admin", "delete"]);
/** Changes to someone else's sign-in: allowed on an administrator's account to the super-administrator only. */
const GUARDS_ADMINS = new Set(["reset-password", "sign-out"]);

/**
 * Every change is checked here, on the server, against the target's roles as they are now: any
 * admin creates accounts and resets or signs out staff; only the super-administrator changes
 * roles, deletes accounts, or resets or signs out an administrator (itself included).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(request, context.services);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const refuse = (status: number, message: string, extra: Partial<Extract<Outcome, { ok: false }>> = {}) =>
    data<Outcome>({ ok: false, message, intent, ...extra }, { status });

  if (SUPER_ONLY.has(intent) && !me.isSuperAdmin) return refuse(403, "Only the super-administrator may change roles or delete accounts.", { code: "forbidden" });
  try {
    if (intent === "create") {
      const email = String(form.get("email") ?? "");
      const created = await createStaffUser({ email, password: String(form.get("password") ?? ""), admin: false }, context.services);
      return data<Outcome>({ ok: true, message: `Created ${created.email}.` });
    }
    const parsed = uuidSchema.safeParse(form.get("userId"));
    if (!parsed.success) return refuse(400, "Not a valid user id.", { code: "validation_failed" });
    const userId = parsed.data;
    const isSelf = userId === me.user.id;
    if (GUARDS_ADMINS.has(intent) && !me.isSuperAdmin && (await hasAdminRole(userId, context.services.db)))
      return refuse(403, "Only the super-administrator may reset the password of, or sign out, an administrator.", { code: "forbidden" });
    switch (intent) {
      case "reset-password":
        await resetPassword(userId, String(form.get("password") ?? ""), context.services.auth);
        return data<Outcome>({ ok: true, message: "Password changed; that account was signed out everywhere." });
      case "sign-out":
        await signOutEverywhere(userId, context.services.auth);
        return data<Outcome>({ ok: true, message: "Signed out everywhere." });
      case "grant-admin":
        await grantRole(userId, "admin", context.services.db);
        return data<Outcome>({ ok: true, message: "Administrator role granted." });
      case "revoke-admin":
        if (isSelf) return refuse(400, "You cannot remove your own administrator role.");
        await revokeRole(userId, "admin", context.services.db);
        return data<Outcome>({ ok: true, message: "Administrator role removed." });
      case "delete":
        if (isSelf) return refuse(400, "You cannot delete your own account.");
        await deleteStaffUser(userId, context.services.auth);
        return data<Outcome>({ ok: true, message: "Account deleted." });
      default:
        return refuse(400, "Unknown action.");
    }
  } catch (error) {
    if (error instanceof WeakPasswordError) return refuse(400, "That password is too weak.", { code: error.code, reasons: error.reasons, email: String(form.get("email") ?? "") });
    if (error instanceof AccountExistsError) return refuse(409, error.message, { code: error.code, email: String(form.get("email") ?? "") });
    if (error instanceof Error && error.name === "ZodError") return refuse(400, "Enter a valid e-mail address.", { code: "validation_failed", email: String(form.get("email") ?? "") });
    console.error("Staff account change failed:", error instanceof Error ? error.message : error);
    return refuse(500, "That change could not be saved. Try again.");
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Staff accounts | Crossroads IT admin" }, { name: "robots", content: "noindex, nofollow" }];

const input = "rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-navy-900";
const small = "min-h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-navy-900 hover:bg-slate-100";

const STAFF_COLUMNS: AdminColumn[] = [{ label: "Account" }, { label: "Role" }, { label: "Created" }, { label: "Open sessions" }, { label: "Actions" }];

export default function Users({ loaderData: { staff, me }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const outcome = actionData as Outcome | undefined;
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  const confirmDelete = (email: string) => (event: React.FormEvent) => {
    if (!window.confirm(`Delete the account ${email}? This cannot be undone.`)) event.preventDefault();
  };

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Staff accounts</h1>
      <p className="mt-1 text-sm text-slate-700">
        {me.isSuperAdmin
          ? "You are the super-administrator: you can also change roles, delete accounts, and reset or sign out administrators."
          : "Only the super-administrator can change roles, delete accounts, or reset the password of an administrator."}
      </p>

      {outcome && (
        <div
          ref={outcomeRef}
          tabIndex={-1}
          role={outcome.ok ? "status" : "alert"}
          className={`mt-4 rounded-md border p-3 text-sm ${outcome.ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}
        >
          <p className="font-semibold">
            {!outcome.ok && outcome.code ? `${outcome.code}: ` : ""}
            {outcome.message}
          </p>
          {!outcome.ok && outcome.reasons && (
            <ul className="mt-1 list-disc pl-5">
              {outcome.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      <section aria-labelledby="create-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="create-heading" className="text-lg font-semibold">
          Add a staff account
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          <label className="flex w-full flex-col text-sm font-medium text-navy-900 sm:w-auto">
            E-mail
            <input name="email" type="email" required autoComplete="off" defaultValue={outcome && !outcome.ok && outcome.intent === "create" ? outcome.email : ""} className={`${input} mt-1 w-full sm:w-72`} />
          </label>
          <label className="flex w-full flex-col text-sm font-medium text-navy-900 sm:w-auto">
            Initial password
            <input name="password" type="text" required autoComplete="new-password" minLength={12} className={`${input} mt-1 w-full sm:w-60`} />
          </label>
          <button type="submit" disabled={busy} className="min-h-10 rounded-md bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-strong disabled:opacity-70">
            Create account
          </button>
        </Form>
        <p className="mt-2 text-xs text-slate-600">At least 12 characters, two kinds of character, not the e-mail name. Share it privately.</p>
      </section>

      <AdminTable className="mt-6" regionLabel="Staff accounts list" caption="Staff accounts, newest first" columns={STAFF_COLUMNS}>
        {staff.map((u) => (
          <tr key={u.id} className="border-b border-slate-100 align-top">
            <th scope="row" className="p-3 font-medium text-navy-900">
              {u.email}
              {u.id === me.id && <span className="ml-2 text-xs font-normal text-slate-600">(you)</span>}
            </th>
            <td className="p-3">{u.isAdmin ? "Administrator" : "Staff"}</td>
            <td className="p-3">{new Date(u.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}</td>
            <td className="p-3">{u.activeSessions}</td>
            <td className="p-3">
              <div className="flex flex-wrap gap-2">
                {!me.isSuperAdmin && u.isAdmin && <span className="py-2 text-xs text-slate-600">Managed by the super-administrator</span>}
                {(me.isSuperAdmin || !u.isAdmin) && (
                  <>
                    <Form method="post" className="flex gap-2">
                      <input type="hidden" name="intent" value="reset-password" />
                      <input type="hidden" name="userId" value={u.id} />
                      <label className="sr-only" htmlFor={`pw-${u.id}`}>
                        New password for {u.email}
                      </label>
                      <input id={`pw-${u.id}`} name="password" type="text" required autoComplete="new-password" placeholder="New password" className={`${input} w-40`} />
                      <button type="submit" className={small}>
                        Reset password<span className="sr-only"> for {u.email}</span>
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="sign-out" />
                      <input type="hidden" name="userId" value={u.id} />
                      <button type="submit" className={small}>
                        Sign out everywhere<span className="sr-only"> ({u.email})</span>
                      </button>
                    </Form>
                  </>
                )}
                {me.isSuperAdmin && u.id !== me.id && (
                  <>
                    <Form method="post">
                      <input type="hidden" name="intent" value={u.isAdmin ? "revoke-admin" : "grant-admin"} />
                      <input type="hidden" name="userId" value={u.id} />
                      <button type="submit" className={small}>
                        {u.isAdmin ? "Remove admin" : "Make admin"}
                        <span className="sr-only"> ({u.email})</span>
                      </button>
                    </Form>
                    <Form method="post" onSubmit={confirmDelete(u.email)}>
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="userId" value={u.id} />
                      <button type="submit" className={`${small} border-red-300 text-red-800 hover:bg-red-50`}>
                        Delete<span className="sr-only"> {u.email}</span>
                      </button>
                    </Form>
                  </>
                )}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
