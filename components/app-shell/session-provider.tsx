"use client";
/**
 * Who is signed in, read once on the server per page load (the root layout) and shared with every
 * component, so controls a role cannot use are not shown. The server checks again on every call.
 */
import { createContext, useContext, type ReactNode } from "react";
import { hasRole, type Role } from "@/lib/access/roles";

export interface SessionUser {
  id: string | null;
  email: string;
  roles: Role[];
}

const SessionContext = createContext<SessionUser | null>(null);

export function SessionProvider({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  return <SessionContext.Provider value={user}>{children}</SessionContext.Provider>;
}

export function useSessionUser(): SessionUser | null {
  return useContext(SessionContext);
}

/** Whether the signed-in person holds `role` (admin holds all; editor and approver include viewer). */
export function useCan(role: Role): boolean {
  const user = useContext(SessionContext);
  return !!user && hasRole(user.roles, role);
}
