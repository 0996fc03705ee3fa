"use client";
/** Settings → Users (admin): add a person with roles; change anyone's roles (their sessions end at once). */
import { FormError } from "@/components/common/form-error";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { MIN_PASSWORD_LENGTH } from "@/lib/access/password-rules";
import type { Role } from "@/lib/access/roles";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import { RoleCheckboxes } from "./role-checkboxes";

type User = RouterOutputs["user"]["list"]["items"][number];

function UserRow({ user, onSave }: { user: User; onSave(roles: Role[]): void }) {
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const changed = roles.slice().sort().join() !== user.roles.slice().sort().join();
  return (
    <tr>
      <td>{user.email}</td>
      <td>
        <RoleCheckboxes name={`roles-${user.id}`} label={`Roles of ${user.email}`} value={roles} onChange={setRoles} />
      </td>
      <td>
        <button
          type="button"
          className="button"
          disabled={!changed || roles.length === 0}
          aria-label={`Save roles of ${user.email}`}
          onClick={() => onSave(roles)}
        >
          Save roles
        </button>
      </td>
    </tr>
  );
}

export function UserSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.user.list.queryOptions());
  const [newRoles, setNewRoles] = useState<Role[]>(["viewer"]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.user.list.queryKey() });
  const create = useMutation(trpc.user.create.mutationOptions({ onSuccess: refresh }));
  const setRoles = useMutation(trpc.user.setRoles.mutationOptions({ onSuccess: refresh }));

  function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    create.mutate(
      { email: String(data.get("email") ?? ""), password: String(data.get("password") ?? ""), roles: newRoles },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <section aria-labelledby="users-heading" className="settings-section">
      <h2 id="users-heading">Users</h2>
      <table className="table">
        <thead>
          <tr>
            <th>Email</th>
            <th>Roles</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {users.data?.items.map((u) => (
            <UserRow
              key={`${u.id}:${u.roles.join()}`}
              user={u}
              onSave={(roles) => setRoles.mutate({ id: u.id, roles })}
            />
          ))}
        </tbody>
      </table>
      <FormError error={setRoles.error} />
      <h3>Add a user</h3>
      <form onSubmit={onCreate} className="settings-form">
        <label className="field">
          Email
          <input name="email" type="email" required autoComplete="off" />
        </label>
        <label className="field">
          Password
          <input name="password" type="password" required minLength={MIN_PASSWORD_LENGTH} autoComplete="new-password" />
        </label>
        <RoleCheckboxes name="new-roles" label="Roles of the new user" value={newRoles} onChange={setNewRoles} />
        <button type="submit" className="button button-primary" disabled={create.isPending || newRoles.length === 0}>
          Add user
        </button>
        <FormError error={create.error} />
      </form>
    </section>
  );
}
