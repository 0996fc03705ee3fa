/**
 * Who may call what: every tRPC procedure path → the access it needs (docs/api.md, "Access").
 * One table, enforced by one middleware on every procedure (server/api/trpc.ts). A path missing
 * here needs `admin` (fail closed); a test checks the table covers the whole router.
 */
import { hasRole, type Role } from "@/lib/access/roles";
import type { Caller } from "./caller";

/** `public`: no caller needed. `signed-in`: any caller (own account, own tokens). */
export type Access = "public" | "signed-in" | Role;

export const PROCEDURE_ACCESS: Readonly<Record<string, Access>> = {
  "health.ping": "public",
  "health.heartbeat": "public",
  "auth.login": "public",
  "auth.me": "public",
  "auth.setup": "public",
  "auth.logout": "signed-in",
  "auth.changePassword": "signed-in",

  "template.list": "viewer",
  "template.facets": "viewer",
  "template.get": "viewer",
  "template.diff": "viewer",
  "template.save": "editor",
  "template.delete": "editor",
  "template.duplicate": "editor",
  "template.restore": "admin",

  "compose.describe": "editor",
  "compose.import": "editor",
  "compose.validate": "editor",
  "compose.injectCheckpoints": "editor",
  "catalog.list": "viewer",

  "run.get": "viewer",
  "run.list": "viewer",
  "run.log": "viewer",
  "run.onEvent": "viewer",
  "run.simulate": "viewer",
  "run.compare": "viewer",
  "run.start": "editor",
  "run.cancel": "editor",
  "run.rerunFrom": "editor",
  "run.retryFailed": "editor",
  "live.watch": "viewer",

  "approval.list": "viewer",

  "approval.decide": "approver",

  "trigger.list": "viewer",
  "trigger.history": "viewer",
  "trigger.preview": "viewer",
  "trigger.create": "editor",
  "trigger.update": "editor",
  "trigger.delete": "editor",
  "trigger.testEvent": "editor",

  "token.create": "signed-in",
  "token.list": "signed-in",
  "token.revoke": "signed-in",
  "user.list": "admin",
  "user.create": "admin",
  "user.setRoles": "admin",
  "user.disable": "admin",
  "user.enable": "admin",
  "user.delete": "admin",
  "user.resetPassword": "admin",
  "secret.list": "admin",
  "secret.set": "admin",
  "secret.delete": "admin",
  "provider.list": "editor",
  "provider.save": "admin",
  "provider.delete": "admin",
  "provider.setDefault": "admin",
  "provider.test": "admin",
  "audit.list": "admin",
};

export function accessFor(path: string): Access {
  return PROCEDURE_ACCESS[path] ?? "admin";
}

/** Why `caller` may not call `path` (401 without a caller, 403 without the role), or null when it may. */
export function accessRefusal(
  path: string,
  caller: Caller | null,
): { code: "UNAUTHORIZED" | "FORBIDDEN"; message: string } | null {
  const access = accessFor(path);
  if (callerMay(caller, access)) return null;
  return caller
    ? { code: "FORBIDDEN", message: `${path} needs the ${access} role` }
    : { code: "UNAUTHORIZED", message: "sign in, or send an API token" };
}

export function callerMay(caller: Caller | null, access: Access): boolean {
  if (access === "public") return true;
  if (!caller) return false;
  return access === "signed-in" ? true : hasRole(caller.roles, access);
}
