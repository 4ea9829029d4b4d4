/**
 * The server side of /admin/users (the route module beside it): the staff list, and every change to
 * an account checked here: who may do what, then the form (docs/requirements/accounts.md#staff-accounts).
 */
import { z } from "zod";

import { adminAudit } from "~/auth/audit-admin.server";
import type { AuditOutcome } from "~/auth/audit.server";
import { sendResetLinkByAdmin } from "~/auth/password-reset.server";
import { hasAdminRole, rolesOf, setAdmin, setEditor } from "~/auth/roles.server";
import { requireAdmin } from "~/auth/session.server";
import { resetTwoFactor } from "~/auth/two-factor.server";
import {
  AccountExistsError,
  createStaffUser,
  deleteStaffUser,
  listStaff,
  OwnPasswordError,
  resetPassword,
  signOutEverywhere,
  uuidSchema,
  WeakPasswordError,
} from "~/auth/users.server";
import type { ActionFailure, ActionResult } from "~/lib/action-result";
import { actionConfirm, actionError, actionOk, parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";

import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(context.services, request);
  return {
    staff: await listStaff(context.services.db),
    me: { id: me.user.id, isSuperAdmin: me.isSuperAdmin },
    mailEnabled: Boolean(context.services.mailer),
  };
}

export type UsersField = "email" | "userId";
export type Outcome = ActionResult<string, UsersField>;

const userId = z.string().refine((value) => uuidSchema.safeParse(value).success, "Not a valid user id.");
const text = z.string().default("");
const usersSchema = z.discriminatedUnion("intent", [
  // The e-mail and the password are checked by createStaffUser and resetPassword (their own rules and messages).
  z.object({ intent: z.literal("create"), email: text, password: text }),
  z.object({ intent: z.literal("reset-password"), userId, password: text }),
  z.object({ intent: z.literal("sign-out"), userId }),
  z.object({ intent: z.literal("send-reset-link"), userId }),
  z.object({ intent: z.literal("grant-admin"), userId }),
  z.object({ intent: z.literal("revoke-admin"), userId }),
  z.object({ intent: z.literal("grant-editor"), userId }),
  z.object({ intent: z.literal("revoke-editor"), userId }),
  z.object({ intent: z.literal("reset-two-factor"), userId }),
  // Without JavaScript, a delete first answers with a confirmation step; confirm=yes deletes.
  z.object({ intent: z.literal("delete"), userId, confirm: z.literal("yes").optional() }),
]);

const SUPER_ONLY = new Set(["grant-admin", "revoke-admin", "delete", "reset-two-factor"]);
/** Changes to someone else's sign-in: allowed on an administrator's account to the super-administrator only. */
const GUARDS_ADMINS = new Set(["reset-password", "sign-out", "send-reset-link"]);
/** The editor role (docs/requirements/accounts.md#roles): any administrator gives or takes it, on an administrator's account the super-administrator only. */
const EDITOR_ROLE = new Set(["grant-editor", "revoke-editor"]);

/**
 * Every change is checked here, on the server, against the target's roles as they are now: any
 * admin creates accounts, resets or signs out staff, and makes staff editors or takes that role
 * away; only the super-administrator changes the admin role, deletes accounts, or resets, signs
 * out or changes the roles of an administrator (itself included). Nobody sets their own password
 * or changes their own roles here: that password is /account's, with the current one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  const parsed = await parseForm(request, usersSchema, { echo: ["email"] });
  const { intent } = parsed;
  // docs/requirements/accounts.md#audit-log: every outcome of an intent is recorded, refusals by our rules too.
  const audit = adminAudit(context.services.db, request, me);
  const target = parsed.ok ? ("userId" in parsed.data ? parsed.data.userId : { email: parsed.data.email }) : null;
  const refuse = async (
    status: number,
    message: string,
    extra: Partial<ActionFailure<string, UsersField>> = {},
    outcome: AuditOutcome = status === 403 ? "refused" : "failure",
  ) => {
    await audit(intent, outcome, target, message);
    return actionError(status, { intent, message, ...extra });
  };

  // Who may do what is decided by the intent alone, before anything else is looked at.
  if (SUPER_ONLY.has(intent) && !me.isSuperAdmin)
    return refuse(403, "Only the super-administrator may change roles or delete accounts.", { code: "forbidden" });
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const echo = { values: { email: input.intent === "create" ? input.email : "" } };
  try {
    if (input.intent === "create") {
      const created = await createStaffUser(
        context.services,
        { email: input.email, password: input.password, admin: false },
        request.headers,
      );
      await audit(intent, "success", created);
      return actionOk(intent, `Created ${created.email}.`);
    }
    const isSelf = input.userId === me.user.id;
    // docs/requirements/accounts.md#staff-accounts: one's own password only on /account, with the current one
    // (a session left open must not be enough to take the account over).
    if (input.intent === "reset-password" && isSelf)
      return refuse(400, new OwnPasswordError().message, { code: "own_password" }, "refused");
    if (GUARDS_ADMINS.has(intent) && !me.isSuperAdmin && (await hasAdminRole(context.services.db, input.userId)))
      return refuse(403, "Only the super-administrator may reset the password of, or sign out, an administrator.", { code: "forbidden" });
    if (EDITOR_ROLE.has(intent)) {
      if (isSelf) return refuse(400, "You cannot change your own roles.", {}, "refused");
      if (!me.isSuperAdmin && (await hasAdminRole(context.services.db, input.userId)))
        return refuse(403, "Only the super-administrator may change the roles of an administrator.", { code: "forbidden" });
    }
    switch (input.intent) {
      case "reset-password":
        await resetPassword(context.services, input.userId, input.password, request.headers);
        await audit(intent, "success", input.userId);
        return actionOk(intent, "Password changed; that account was signed out everywhere.");
      case "sign-out":
        await signOutEverywhere(context.services.auth, input.userId, request.headers);
        await audit(intent, "success", input.userId);
        return actionOk(intent, "Signed out everywhere.");
      case "send-reset-link": {
        // docs/requirements/accounts.md#password-reset: through the same SMTP server as lead notifications.
        if (!context.services.mailer)
          return refuse(409, "This site cannot send e-mail (SMTP_URL is not set). Set a password for this account instead.", {
            code: "mail_not_configured",
          });
        const sent = await sendResetLinkByAdmin(context.services, input.userId, me.user, request);
        if (!sent) return refuse(404, "That account no longer exists.", { code: "user_not_found" });
        return actionOk(intent, `Reset link sent to ${sent.email}. It works once, for 30 minutes.`);
      }
      case "grant-admin":
        await setAdmin(context.services.db, input.userId, true);
        await audit(intent, "success", input.userId, "admin");
        return actionOk(intent, "Administrator role granted.");
      case "revoke-admin":
        if (isSelf) return refuse(400, "You cannot remove your own administrator role.", {}, "refused");
        await setAdmin(context.services.db, input.userId, false);
        await audit(intent, "success", input.userId, "admin");
        return actionOk(intent, "Administrator role removed.");
      case "grant-editor":
        await setEditor(context.services.db, input.userId, true);
        await audit(intent, "success", input.userId, "editor");
        return actionOk(intent, "Editor role granted: the blog and the content studio.");
      case "revoke-editor":
        await setEditor(context.services.db, input.userId, false);
        await audit(intent, "success", input.userId, "editor");
        return actionOk(intent, "Editor role removed.");
      case "delete": {
        if (isSelf) return refuse(400, "You cannot delete your own account.", {}, "refused");
        if (input.confirm !== "yes") return actionConfirm(intent, "Confirm the deletion.", { values: { userId: input.userId } });
        const deleted = await audit.person(input.userId); // its e-mail, while it exists
        await deleteStaffUser(context.services.auth, input.userId, request.headers);
        await audit(intent, "success", deleted);
        return actionOk(intent, "Account deleted.");
      }
      case "reset-two-factor": {
        // docs/requirements/accounts.md#two-factor-sign-in: not their own (a stolen session could swap the second
        // factor for the thief's); the super-administrator recovers with a backup code.
        if (isSelf)
          return refuse(400, "You cannot reset your own two-factor sign-in. Use a backup code, then make new ones.", {}, "refused");
        const reset = await resetTwoFactor(context.services.db, input.userId);
        if (!reset) return refuse(404, "That account no longer exists.");
        await signOutEverywhere(context.services.auth, input.userId, request.headers);
        await audit(intent, "success", reset);
        // Administrators and editors must have it (every role opens the admin area).
        const again = (await rolesOf(context.services.db, reset.id)).length ? " They set it up again at their next sign-in." : "";
        return actionOk(intent, `Two-factor sign-in reset for ${reset.email}; that account was signed out everywhere.${again}`);
      }
    }
  } catch (error) {
    if (error instanceof OwnPasswordError) return refuse(400, error.message, { code: error.code }, "refused");
    if (error instanceof WeakPasswordError)
      return refuse(400, "That password is too weak.", { code: error.code, details: error.reasons, ...echo });
    if (error instanceof AccountExistsError) return refuse(409, error.message, { code: error.code, ...echo });
    if (error instanceof Error && error.name === "ZodError")
      return refuse(400, "Enter a valid e-mail address.", { code: "validation_failed", ...echo });
    log.error("Staff account change failed:", error instanceof Error ? error.message : error);
    return refuse(500, "That change could not be saved. Try again.");
  }
}
