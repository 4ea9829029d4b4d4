import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { ConfirmedDeleteForm, DeleteStep } from "~/components/admin/confirm-delete";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { ActionMessage } from "~/components/feedback/action-message";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatShortDate } from "~/lib/format-date";
import { adminMeta } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";

import type { Route } from "./+types/users";
import type { Outcome } from "./users.server";

export { action, loader } from "./users.server";

export const meta: Route.MetaFunction = () => adminMeta("Staff accounts");

const STAFF_COLUMNS: AdminColumn[] = [
  { label: "Account" },
  { label: "Role" },
  { label: "Created" },
  { label: "Open sessions" },
  { label: "Actions" },
];

/** The role column: an administrator may also hold the editor role, which stays when the admin role is removed. */
function roleLabel(u: { isAdmin: boolean; hasEditorRole: boolean }): string {
  if (u.isAdmin) return u.hasEditorRole ? "Administrator (also editor)" : "Administrator";
  return u.hasEditorRole ? "Editor" : "Staff";
}

/** The question before a deletion: in the dialog with JavaScript, on the page's confirmation step without. */
const deleteQuestion = (email: string) => `Delete the account ${email}? This cannot be undone.`;

export default function Users({ loaderData: { staff, me, mailEnabled }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const outcome: Outcome | undefined = actionData;
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState<{ id: string; email: string } | null>(null);
  const confirmDelete = (target: { id: string; email: string }) => (event: React.FormEvent) => {
    // With JavaScript, ask in a dialog; without it, the server asks on a confirmation step.
    if (!hydrated) return;
    event.preventDefault();
    setConfirming(target);
  };
  const toConfirm = outcome?.ok === "confirm" ? staff.find((u) => u.id === outcome.values?.userId) : undefined;

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Staff accounts</h1>
      <p className="mt-1 text-sm text-slate-700">
        Editors use the blog and the content studio, and nothing else of the admin area.{" "}
        {me.isSuperAdmin
          ? "You are the super-administrator: you can also make or remove administrators, delete accounts, and reset or sign out administrators."
          : "Only the super-administrator can make or remove administrators, delete accounts, or reset the password of an administrator."}
      </p>

      {outcome && outcome.ok !== "confirm" && <ActionMessage result={outcome} showCode />}
      {toConfirm && <DeleteStep question={deleteQuestion(toConfirm.email)} fields={{ userId: toConfirm.id }} cancelTo="/admin/users" />}

      <section aria-labelledby="create-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="create-heading" className="text-lg font-semibold">
          Add a staff account
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          <label className="flex w-full flex-col text-sm font-medium text-navy-900 sm:w-auto">
            E-mail
            <Input
              name="email"
              type="email"
              required
              autoComplete="off"
              defaultValue={outcome && outcome.ok === false && outcome.intent === "create" ? outcome.values?.email : ""}
              className="mt-1 w-full sm:w-72"
            />
          </label>
          <label className="flex w-full flex-col text-sm font-medium text-navy-900 sm:w-auto">
            Initial password
            <Input name="password" type="text" required autoComplete="new-password" minLength={12} className="mt-1 w-full sm:w-60" />
          </label>
          <Button type="submit" disabled={busy}>
            Create account
          </Button>
        </Form>
        <p className="mt-2 text-xs text-slate-600">
          At least 12 characters, two kinds of character, not the e-mail name. Share it privately.
        </p>
      </section>

      <AdminTable className="mt-6" regionLabel="Staff accounts list" caption="Staff accounts, newest first" columns={STAFF_COLUMNS}>
        {staff.map((u) => (
          <tr key={u.id} className="border-b border-slate-100 align-top">
            <th scope="row" className="p-3 font-medium text-navy-900">
              {u.email}
              {u.id === me.id && <span className="ml-2 text-xs font-normal text-slate-600">(you)</span>}
            </th>
            <td className="p-3">
              {roleLabel(u)}
              <span className="block text-xs text-slate-600">Two-factor {u.twoFactorEnabled ? "on" : "off"}</span>
            </td>
            <td className="p-3">{formatShortDate(u.createdAt)}</td>
            <td className="p-3">{u.activeSessions}</td>
            <td className="p-3">
              <div className="flex flex-wrap gap-2">
                {u.id === me.id && (
                  // Not the form below: one's own password is changed on /account, with the current one.
                  <Link to="/account" className="py-2 text-sm font-semibold text-accent underline">
                    Change your password on your account page
                  </Link>
                )}
                {!me.isSuperAdmin && u.isAdmin && <span className="py-2 text-xs text-slate-600">Managed by the super-administrator</span>}
                {(me.isSuperAdmin || !u.isAdmin) && (
                  <>
                    {u.id !== me.id && (
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="intent" value="reset-password" />
                        <input type="hidden" name="userId" value={u.id} />
                        <label className="sr-only" htmlFor={`pw-${u.id}`}>
                          New password for {u.email}
                        </label>
                        <Input
                          id={`pw-${u.id}`}
                          name="password"
                          type="text"
                          required
                          autoComplete="new-password"
                          placeholder="New password"
                          className="w-40"
                        />
                        <Button type="submit" variant="secondary" size="sm">
                          Reset password<span className="sr-only"> for {u.email}</span>
                        </Button>
                      </Form>
                    )}
                    {mailEnabled && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="send-reset-link" />
                        <input type="hidden" name="userId" value={u.id} />
                        <Button type="submit" variant="secondary" size="sm">
                          Send reset link<span className="sr-only"> to {u.email}</span>
                        </Button>
                      </Form>
                    )}
                    <Form method="post">
                      <input type="hidden" name="intent" value="sign-out" />
                      <input type="hidden" name="userId" value={u.id} />
                      <Button type="submit" variant="secondary" size="sm">
                        Sign out everywhere<span className="sr-only"> ({u.email})</span>
                      </Button>
                    </Form>
                  </>
                )}
                {/* The editor role: any administrator, on staff accounts; an administrator's (who can edit anyway) only to remove a role they kept. */}
                {u.id !== me.id && (u.isAdmin ? me.isSuperAdmin && u.hasEditorRole : true) && (
                  <Form method="post">
                    <input type="hidden" name="intent" value={u.hasEditorRole ? "revoke-editor" : "grant-editor"} />
                    <input type="hidden" name="userId" value={u.id} />
                    <Button type="submit" variant="secondary" size="sm">
                      {u.hasEditorRole ? "Remove editor" : "Make editor"}
                      <span className="sr-only"> ({u.email})</span>
                    </Button>
                  </Form>
                )}
                {me.isSuperAdmin && u.id !== me.id && (
                  <>
                    <Form method="post">
                      <input type="hidden" name="intent" value={u.isAdmin ? "revoke-admin" : "grant-admin"} />
                      <input type="hidden" name="userId" value={u.id} />
                      <Button type="submit" variant="secondary" size="sm">
                        {u.isAdmin ? "Remove admin" : "Make admin"}
                        <span className="sr-only"> ({u.email})</span>
                      </Button>
                    </Form>
                    {u.twoFactorEnabled && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="reset-two-factor" />
                        <input type="hidden" name="userId" value={u.id} />
                        <Button type="submit" variant="secondary" size="sm">
                          Reset two-factor<span className="sr-only"> ({u.email})</span>
                        </Button>
                      </Form>
                    )}
                    <Form method="post" onSubmit={confirmDelete(u)}>
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="userId" value={u.id} />
                      <Button type="submit" variant="danger-outline" size="sm">
                        Delete<span className="sr-only"> {u.email}</span>
                      </Button>
                    </Form>
                  </>
                )}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? deleteQuestion(confirming.email) : ""}
        onCancel={() => setConfirming(null)}
        actions={confirming && <ConfirmedDeleteForm fields={{ userId: confirming.id }} onSubmit={() => setConfirming(null)} />}
      >
        The account and its sessions are removed; the person can no longer sign in.
      </ConfirmDialog>
    </>
  );
}
