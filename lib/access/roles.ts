/**
 * Roles (docs/security.md, "Roles and the access table"), shared by the server's access check and the UI that hides what a
 * role cannot do. admin holds every role; editor and approver each include viewer.
 */
import * as z from "zod";

export const ROLES = ["viewer", "editor", "approver", "admin"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export function hasRole(roles: readonly Role[], role: Role): boolean {
  if (roles.includes("admin") || roles.includes(role)) return true;
  return role === "viewer" && (roles.includes("editor") || roles.includes("approver"));
}
