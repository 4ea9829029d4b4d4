/**
 * The editor role (docs/requirements/accounts.md#roles), on both databases: `requireEditor` lets editors
 * and administrators in with the administrators' two-factor and session rules; an editor opens
 * the blog (every loader and action) and the admin layout, and every other admin route module
 * refuses them in its own loader and action, as it refuses staff; better-auth's admin plugin
 * grants an editor nothing; an administrator gives and takes the role at /admin/users, audited.
 */
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { roleFlags, rolesOf, setAdmin, setEditor } from "~/auth/roles.server";
import { requireAdmin, requireAdminApi, requireEditor } from "~/auth/session.server";
import { createStaffUser, listStaff } from "~/auth/users.server";
import { getPost } from "~/blog/posts.server";
import { adminMenu, navigation } from "~/config/navigation";
import { prefixPattern } from "~/config/private-paths";
import { auditLog, session, user } from "~/db/schema.server";
import routes from "~/routes";
import { action as twoFactorAction } from "~/routes/account/two-factor";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as usersAction } from "~/routes/admin/users";
import type { AppServices } from "~/services.server";

import { signInCookie, turnOnTwoFactor } from "../two-factor";
import { backends, clientAddresses, loadContext, openFreshDatabase, postForm, settle, TEST_ORIGIN, type ActionAnswer } from "./backends";

const PASSWORD = "Correct-Horse-Battery-42";
const SOME_ID = "00000000-0000-4000-8000-000000000000";
const nextIp = clientAddresses(13);

/** Every route module of the admin area's layout (app/routes.ts), with its path (`:id` → SOME_ID). */
function adminRouteModules(): { path: string; file: string }[] {
  const layout = routes.find((entry) => entry.file === "routes/admin/layout.tsx");
  if (!layout?.children) throw new Error("No admin layout in app/routes.ts");
  const flat = (entries: RouteConfigEntry[]): { path: string; file: string }[] =>
    entries.flatMap((e) => [
      ...(e.path ? [{ path: `/${e.path.replace(/:[^/]+/g, SOME_ID)}`, file: e.file }] : []),
      ...flat(e.children ?? []),
    ]);
  return flat(layout.children);
}

/** The paths of the admin menu's entries editors see: the blog and the content studio. */
const EDITOR_PATHS = navigation.admin.filter((item) => item.editors).map((item) => item.href);
/** Their modules, with resource routes beside them (`/admin/content.json`). */
const forEditors = prefixPattern(EDITOR_PATHS, true);
/** The leads' modules (and their CSV), which staff work (docs/requirements/leads.md#who-may-do-what). */
const forLeads = prefixPattern(["/admin/leads"], true);

type RouteFunction = (args: never) => unknown;
type RouteModule = { loader?: RouteFunction; action?: RouteFunction };
const load = (file: string): Promise<RouteModule> => import(/* @vite-ignore */ path.resolve("app", file));

/** What a loader or action answered, thrown or returned: its status, and where a redirect goes. */
async function answerOf(run: RouteFunction, request: Request, params: Record<string, string> = { id: SOME_ID }) {
  const result = await settle(async () => run({ request, params, context: await loadContext(request) } as never));
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
  if (result instanceof Error) throw result;
  const init = (result as { init?: ResponseInit | null } | null)?.init;
  return { status: init?.status ?? 200, location: null };
}

const get = (pathname: string, cookie?: string) => new Request(`${TEST_ORIGIN}${pathname}`, { headers: cookie ? { cookie } : {} });
const post = (pathname: string, cookie: string, form: Record<string, string>) =>
  new Request(`${TEST_ORIGIN}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie, [CLIENT_IP_HEADER]: nextIp() },
    body: new URLSearchParams(form),
  });

/** Let through: neither Access Denied nor sent to sign in or to set up two-factor sign-in. */
const passedGuard = (answer: { status: number; location: string | null }) =>
  answer.status !== 403 && !/^\/(auth\/login|account\/two-factor)/.test(answer.location ?? "");

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`the editor role on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;
    let accounts = 0;
    const ids = { boss: "", ops: "", editor: "", staff: "" };
    const cookies = { boss: "", ops: "", editor: "", staff: "" };

    /** A new account, with two-factor sign-in on when `secondFactor`; its id and a session (that passed the factor). */
    async function newAccount(role: { admin?: boolean; editor?: boolean }, secondFactor = true) {
      const email = `person${++accounts}@crossroadsit.example`;
      const { id } = await createStaffUser(services, { email, password: PASSWORD, ...role });
      const cookie = await signInCookie(services.auth, email, PASSWORD);
      return { id, email, cookie: secondFactor ? (await turnOnTwoFactor(services.auth, cookie, PASSWORD)).cookie : cookie };
    }

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "editor-role");
      ({ services } = await loadContext());
      // boss@ is SUPER_ADMIN_EMAIL in vitest.integration.config.ts.
      const boss = await createStaffUser(services, { email: "boss@crossroadsit.example", password: PASSWORD, admin: true });
      ids.boss = boss.id;
      cookies.boss = (
        await turnOnTwoFactor(services.auth, await signInCookie(services.auth, "boss@crossroadsit.example", PASSWORD), PASSWORD)
      ).cookie;
      for (const [key, role] of [
        ["ops", { admin: true }],
        ["editor", { editor: true }],
        ["staff", {}],
      ] as const) {
        const made = await newAccount(role, key !== "staff");
        ids[key] = made.id;
        cookies[key] = made.cookie;
      }
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("an editor can edit content; an administrator can too; the flags say so", async () => {
      const flags = async (id: string) => roleFlags(services.db, { id, email: "someone@crossroadsit.example" });
      expect(await flags(ids.editor)).toEqual({ isAdmin: false, isEditor: true, isSuperAdmin: false, canWorkLeads: false });
      expect(await flags(ids.ops)).toEqual({ isAdmin: true, isEditor: true, isSuperAdmin: false, canWorkLeads: true });
      expect(await flags(ids.staff)).toEqual({ isAdmin: false, isEditor: false, isSuperAdmin: false, canWorkLeads: true });
      expect(EDITOR_PATHS).toEqual(["/admin/blog", "/admin/content"]);
    });

    it("requireEditor: sign-in with the way back, 403 for staff, editors and administrators in; requireAdmin refuses editors", async () => {
      const anonymous = (await settle(() => requireEditor(services, get("/admin/blog?q=x")))) as Response;
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe("/auth/login?redirectTo=%2Fadmin%2Fblog%3Fq%3Dx");
      expect(await answerOf(() => requireEditor(services, get("/admin/blog", cookies.staff)), get("/"))).toMatchObject({ status: 403 });

      await expect(requireEditor(services, get("/admin/blog", cookies.editor))).resolves.toMatchObject({
        user: { id: ids.editor },
        isEditor: true,
        isAdmin: false,
      });
      for (const admin of [cookies.ops, cookies.boss])
        await expect(requireEditor(services, get("/admin/blog", admin))).resolves.toMatchObject({ isAdmin: true, isEditor: true });

      // The administrators' guards refuse an editor: pages (403 Access Denied) and the storage API.
      expect(await answerOf(() => requireAdmin(services, get("/admin/docs", cookies.editor)), get("/"))).toMatchObject({ status: 403 });
      const api = (await settle(() => requireAdminApi(services, get("/storage/v1/bucket", cookies.editor)))) as Response;
      expect(api.status).toBe(403);
      expect(await api.json()).toMatchObject({ code: "forbidden" });
    });

    it("an editor has the administrators' two-factor rules: set it up first, and only a session that passed it", async () => {
      const fresh = await newAccount({ editor: true }, false);
      const setup = (await settle(() => requireEditor(services, get("/admin/blog/new", fresh.cookie)))) as Response;
      expect(setup.status).toBe(302);
      expect(setup.headers.get("location")).toBe("/account/two-factor?required=1&redirectTo=%2Fadmin%2Fblog%2Fnew");

      // A session made with the password alone, before the factor was turned on: ended, and sign in again.
      await turnOnTwoFactor(services.auth, await signInCookie(services.auth, fresh.email, PASSWORD), PASSWORD);
      const passwordOnly = (await settle(() => requireEditor(services, get("/admin/blog", fresh.cookie)))) as Response;
      expect(passwordOnly.status).toBe(302);
      expect(passwordOnly.headers.get("location")).toBe("/auth/login?redirectTo=%2Fadmin%2Fblog");
      expect(await services.auth.api.getSession({ headers: new Headers({ cookie: fresh.cookie }) })).toBeNull();

      // And an editor cannot turn it off.
      const off = (await postForm(
        twoFactorAction,
        "/account/two-factor",
        cookies.editor,
        { intent: "disable", password: PASSWORD },
        nextIp(),
      )) as ActionAnswer;
      expect(off).toMatchObject({ status: 403, data: { code: "forbidden", message: expect.stringContaining("Editors must keep") } });
      const [row] = await services.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, ids.editor));
      expect(row!.on).toBe(true);
    });

    it("the admin layout lets an editor in, with a menu of Blog and Content only; staff get 403 but at the leads", async () => {
      const menuOf = async (cookie: string) => {
        const answer = (await layoutLoader({ request: get("/admin/blog", cookie), params: {}, context: await loadContext() } as never)) as {
          data: { menu: { name: string }[] };
        };
        return answer.data.menu.map((item) => item.name);
      };
      expect(await menuOf(cookies.editor)).toEqual(["Blog", "Content"]);
      expect(await menuOf(cookies.ops)).toEqual([
        "Blog",
        "Content",
        "Docs",
        "Graphics",
        "Insights",
        "Leads",
        "Redirects",
        "Users",
        "Webhooks",
      ]);
      expect(await menuOf(cookies.boss)).toEqual([...(await menuOf(cookies.ops)), "Audit log"]);
      expect(await answerOf(layoutLoader, get("/admin/blog", cookies.staff))).toMatchObject({ status: 403 });
      // At the leads, which staff work, they are sent to set up the second factor first; an editor is refused.
      expect(await answerOf(layoutLoader, get("/admin/leads", cookies.staff))).toMatchObject({
        status: 302,
        location: "/account/two-factor?required=1&redirectTo=%2Fadmin%2Fleads",
      });
      expect(await answerOf(layoutLoader, get("/admin/leads?status=new", cookies.editor))).toMatchObject({ status: 403 });
      expect(adminMenu({ isAdmin: false, isEditor: false })).toEqual([]);
      expect(adminMenu({ isAdmin: false, isEditor: false, canWorkLeads: true }).map((item) => item.name)).toEqual(["Leads"]);
    });

    it("every admin route module: an editor passes the blog's loaders and actions and is refused (403) by every other; staff only reach the leads'", async () => {
      const modules = adminRouteModules();
      // The blog's modules and the content studio's.
      expect(modules.filter((m) => forEditors.test(m.path)).map((m) => m.path)).toEqual(
        expect.arrayContaining(["/admin/blog", "/admin/blog/new", `/admin/blog/${SOME_ID}`, "/admin/content", "/admin/content.json"]),
      );
      let checked = 0;
      for (const { path: pathname, file } of modules) {
        const mod = await load(file);
        const editorAllowed = forEditors.test(pathname);
        if (mod.loader) {
          const editor = await answerOf(mod.loader, get(pathname, cookies.editor));
          if (editorAllowed) expect(passedGuard(editor), `${pathname} loader, editor: ${JSON.stringify(editor)}`).toBe(true);
          else expect(editor.status, `${pathname} loader, editor`).toBe(403);
          // Staff are refused everywhere, the blog included, but the leads (which send them to set up the
          // second factor first: docs/requirements/leads.md#who-may-do-what); the super-administrator opens every page.
          const staff = await answerOf(mod.loader, get(pathname, cookies.staff));
          if (forLeads.test(pathname)) expect(staff.location, `${pathname} loader, staff`).toMatch(/^\/account\/two-factor\?required=1/);
          else expect(staff.status, `${pathname} loader, staff`).toBe(403);
          const boss = await answerOf(mod.loader, get(pathname, cookies.boss));
          expect(passedGuard(boss), `${pathname} loader, super-administrator: ${JSON.stringify(boss)}`).toBe(true);
          checked++;
        }
        if (mod.action) {
          const form = { intent: "delete", confirm: "yes", userId: SOME_ID, name: "nothing.png" };
          const editor = await answerOf(mod.action, post(pathname, cookies.editor, form));
          if (editorAllowed) expect(passedGuard(editor), `${pathname} action, editor: ${JSON.stringify(editor)}`).toBe(true);
          else expect(editor.status, `${pathname} action, editor`).toBe(403);
          const staff = await answerOf(mod.action, post(pathname, cookies.staff, form));
          if (forLeads.test(pathname)) expect(staff.location, `${pathname} action, staff`).toMatch(/^\/account\/two-factor\?required=1/);
          else expect(staff.status, `${pathname} action, staff`).toBe(403);
          checked++;
        }
      }
      // Every module has a loader, and the editors' and administrators' writes were among them.
      expect(checked).toBeGreaterThan(modules.length);
    });

    it("an editor writes, edits and publishes a post through the blog's actions", async () => {
      const fields = {
        title: "Three phishing signs your team should know",
        slug: "",
        summary: "The signs of a phishing e-mail that fool busy people, and the habits that stop a click from becoming a breach.",
        body: "## Look twice\n\nAt the sender's address.",
        coverImage: "",
        coverAlt: "",
        authorName: "Morgan Lee",
        tags: "Security",
        publishAt: "",
      };
      const newPost = await load("routes/admin/blog-new.tsx");
      const created = (await settle(async () => {
        const request = post("/admin/blog/new", cookies.editor, { intent: "save", ...fields });
        return newPost.action!({ request, params: {}, context: await loadContext(request) } as never);
      })) as Response;
      expect(created.status).toBe(302);
      const id = created.headers.get("location")!.replace(/^\/admin\/blog\//, "");
      expect(await getPost(services.db, id)).toMatchObject({ title: fields.title, status: "draft" });

      const editPost = await load("routes/admin/blog-edit.tsx");
      const published = await answerOf(
        editPost.action!,
        post(`/admin/blog/${id}`, cookies.editor, { intent: "publish", ...fields, title: "Four phishing signs" }),
        { id },
      );
      expect(published.status).toBe(200);
      expect(await getPost(services.db, id)).toMatchObject({ title: "Four phishing signs", status: "published" });
      const page = (await editPost.loader!({
        request: get(`/admin/blog/${id}`, cookies.editor),
        params: { id },
        context: await loadContext(),
      } as never)) as {
        post: { id: string };
        graphicsLink: boolean;
      };
      // The graphics manager is not linked for an editor, who cannot open it.
      expect(page).toMatchObject({ post: { id }, graphicsLink: false });
    });

    it("better-auth's admin plugin grants an editor nothing: user.role says 'editor', not an admin role", async () => {
      const [row] = await services.db.select({ role: user.role }).from(user).where(eq(user.id, ids.editor));
      expect(row!.role).toBe("editor");
      const headers = new Headers({ cookie: cookies.editor });
      await expect(
        services.auth.api.setUserPassword({ body: { userId: ids.staff, newPassword: "Taken-Over-Account-77" }, headers }),
      ).rejects.toMatchObject({ statusCode: 403 });
      await expect(services.auth.api.revokeUserSessions({ body: { userId: ids.staff }, headers })).rejects.toMatchObject({
        statusCode: 403,
      });
      await expect(
        services.auth.api.createUser({ body: { email: "planted@crossroadsit.example", password: PASSWORD, name: "Planted" }, headers }),
      ).rejects.toMatchObject({ statusCode: 403 });
    });

    it("user_roles and user.role stay in step through every change of both roles, admin before editor", async () => {
      const { id } = await newAccount({}, false);
      const column = async () => (await services.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]!.role;
      const steps: [() => Promise<void>, string[], string][] = [
        [() => setEditor(services.db, id, true), ["editor"], "editor"],
        [() => setEditor(services.db, id, true), ["editor"], "editor"], // twice: still one row
        [() => setAdmin(services.db, id, true), ["admin", "editor"], "admin"],
        [() => setAdmin(services.db, id, false), ["editor"], "editor"], // the editor role stays
        [() => setEditor(services.db, id, false), [], "user"],
      ];
      for (const [change, roles, role] of steps) {
        await change();
        expect((await rolesOf(services.db, id)).sort()).toEqual(roles);
        expect(await column()).toBe(role);
      }
      // Changes of both roles at once take turns: the column follows the roles as they end up.
      await Promise.all([setAdmin(services.db, id, true), setEditor(services.db, id, true)]);
      expect(await column()).toBe("admin");
      await Promise.all([setAdmin(services.db, id, false), setEditor(services.db, id, true)]);
      expect(await column()).toBe("editor");
    });

    it("an administrator makes a staff member an editor and takes the role away, audited; the list shows the role", async () => {
      const target = await newAccount({}, false);
      const users = (cookie: string, form: Record<string, string>) =>
        postForm(usersAction, "/admin/users", cookie, form, nextIp()) as Promise<ActionAnswer>;
      const entries = async () =>
        services.db
          .select({ event: auditLog.event, outcome: auditLog.outcome, actor: auditLog.actorId, detail: auditLog.detail })
          .from(auditLog)
          .where(eq(auditLog.targetId, target.id))
          .orderBy(auditLog.at);
      const listed = async () => (await listStaff(services.db)).find((u) => u.id === target.id);

      // Any administrator, the super-administrator not needed.
      expect(await users(cookies.ops, { intent: "grant-editor", userId: target.id })).toMatchObject({ status: 200, data: { ok: true } });
      expect(await rolesOf(services.db, target.id)).toEqual(["editor"]);
      expect(await listed()).toMatchObject({ isAdmin: false, hasEditorRole: true });
      // An editor now, sent to set up two-factor sign-in first.
      const setup = (await settle(() => requireEditor(services, get("/admin/blog", target.cookie)))) as Response;
      expect(setup.headers.get("location")).toMatch(/^\/account\/two-factor\?required=1/);
      expect(await users(cookies.ops, { intent: "revoke-editor", userId: target.id })).toMatchObject({ status: 200, data: { ok: true } });
      expect(await rolesOf(services.db, target.id)).toEqual([]);
      expect(await listed()).toMatchObject({ isAdmin: false, hasEditorRole: false });
      expect(await entries()).toEqual([
        { event: "editor-role-granted", outcome: "success", actor: ids.ops, detail: "editor" },
        { event: "editor-role-revoked", outcome: "success", actor: ids.ops, detail: "editor" },
      ]);

      // An ordinary administrator cannot change an administrator's roles, nor anyone their own: refused, audited.
      expect(await users(cookies.ops, { intent: "grant-editor", userId: ids.boss })).toMatchObject({
        status: 403,
        data: { code: "forbidden" },
      });
      expect(await users(cookies.boss, { intent: "grant-editor", userId: ids.boss })).toMatchObject({ status: 400 });
      expect(await rolesOf(services.db, ids.boss)).toEqual(["admin"]);
      const refused = await services.db
        .select({ event: auditLog.event, outcome: auditLog.outcome, actor: auditLog.actorId })
        .from(auditLog)
        .where(eq(auditLog.targetId, ids.boss));
      expect(refused).toEqual(
        expect.arrayContaining([
          { event: "editor-role-granted", outcome: "refused", actor: ids.ops },
          { event: "editor-role-granted", outcome: "refused", actor: ids.boss },
        ]),
      );

      // An editor cannot give the role: /admin/users is an administrator's page.
      expect(await users(cookies.editor, { intent: "grant-editor", userId: target.id })).toMatchObject({ status: 403 });
      expect(await rolesOf(services.db, target.id)).toEqual([]);
    });

    it("removing the role takes effect at the editor's next request", async () => {
      const editor = await newAccount({ editor: true });
      await expect(requireEditor(services, get("/admin/blog", editor.cookie))).resolves.toBeTruthy();
      await setEditor(services.db, editor.id, false);
      expect(await answerOf(() => requireEditor(services, get("/admin/blog", editor.cookie)), get("/"))).toMatchObject({ status: 403 });
      // Still signed in, as staff.
      expect(await services.db.select().from(session).where(eq(session.userId, editor.id))).not.toHaveLength(0);
    });
  });
}
