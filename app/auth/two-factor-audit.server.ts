/**
 * A better-auth plugin that writes "backup-code-used" to the audit log when a backup code signs
 * someone in (docs/requirements.md#audit-log), whichever way it came: the /auth/two-factor page or
 * a direct call to /api/auth/two-factor/verify-backup-code.
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import type { Database } from "~/db/client.server";
import { recordAudit } from "./audit.server";

export function twoFactorAudit(db: Database): BetterAuthPlugin {
  return {
    id: "crossroads-two-factor-audit",
    hooks: {
      after: [
        {
          matcher: (context) => context.path === "/two-factor/verify-backup-code",
          handler: createAuthMiddleware(async (ctx) => {
            // Set only when the code was right and a session was made (a wrong code throws first).
            const signedIn = ctx.context.newSession;
            if (!signedIn) return;
            await recordAudit(db, {
              event: "backup-code-used",
              outcome: "success",
              actor: { id: signedIn.user.id, email: signedIn.user.email },
              request: ctx.request ?? ctx.headers ?? null,
            });
          }),
        },
      ],
    },
  };
}
