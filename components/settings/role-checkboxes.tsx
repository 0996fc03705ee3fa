"use client";
/** One checkbox per role (docs/security.md): what each lets a person do, in a word. */
import { ROLES, type Role } from "@/lib/access/roles";

const WHAT: Record<Role, string> = {
  viewer: "sees templates and runs",
  editor: "saves, runs, cancels",
  approver: "decides approvals",
  admin: "everything, users, secrets, audit",
};

export function RoleCheckboxes(props: { name: string; value: Role[]; onChange(roles: Role[]): void; label: string }) {
  return (
    <fieldset className="role-boxes">
      <legend className="sr-only">{props.label}</legend>
      {ROLES.map((role) => (
        <label key={role} title={WHAT[role]}>
          <input
            type="checkbox"
            name={props.name}
            value={role}
            checked={props.value.includes(role)}
            onChange={(e) =>
              props.onChange(e.target.checked ? [...props.value, role] : props.value.filter((r) => r !== role))
            }
          />
          {role}
        </label>
      ))}
    </fieldset>
  );
}
