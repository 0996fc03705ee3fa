"use client";
/**
 * Settings → Users (admin): add a person with roles; change anyone's roles, disable, enable, reset
 * a password or delete (each takes effect at once: the person's sessions end).
 */
import { FormError } from "@/components/common/form-error";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { MIN_PASSWORD_LENGTH } from "@/lib/access/password-rules";
import type { Role } from "@/lib/access/roles";
import { useSessionUser } from "@/components/app-shell/session-provider";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { RoleCheckboxes } from "./role-checkboxes";
import { UserRow, type SettingsUser, type UserActions } from "./user-row";

export function UserSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.user.list.queryOptions());
  const [newRoles, setNewRoles] = useState<Role[]>(["viewer"]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.user.list.queryKey() });
  const create = useMutation(trpc.user.create.mutationOptions({ onSuccess: refresh }));
  const setRoles = useMutation(trpc.user.setRoles.mutationOptions({ onSuccess: refresh }));
  const disable = useMutation(trpc.user.disable.mutationOptions({ onSuccess: refresh }));
  const enable = useMutation(trpc.user.enable.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.user.delete.mutationOptions({ onSuccess: refresh }));
  const reset = useMutation(trpc.user.resetPassword.mutationOptions());
  const me = useSessionUser();
  const [notice, setNotice] = useState<string | null>(null);
  const rowMutations = [setRoles, disable, enable, remove, reset];
  const rowError = rowMutations.find((m) => m.error)?.error;
  /** One message at a time: the last action's. */
  const clear = () => {
    for (const m of rowMutations) m.reset();
    setNotice(null);
  };

  const actionsFor = (u: SettingsUser): UserActions => ({
    saveRoles(roles) {
      clear();
      setRoles.mutate({ id: u.id, roles });
    },
    setDisabled(off) {
      clear();
      (off ? disable : enable).mutate({ id: u.id });
    },
    resetPassword(newPassword, done) {
      clear();
      reset.mutate(
        { id: u.id, newPassword },
        {
          onSuccess: () => {
            done();
            setNotice(`New password set for ${u.email}; their sessions were signed out.`);
          },
        },
      );
    },
    remove() {
      clear();
      remove.mutate({ id: u.id });
    },
  });

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
            <th>Account</th>
          </tr>
        </thead>
        <tbody>
          {users.data?.items.map((u) => (
            <UserRow key={`${u.id}:${u.roles.join()}`} user={u} isMe={u.id === me?.id} actions={actionsFor(u)} />
          ))}
        </tbody>
      </table>
      <FormError error={rowError} />
      {notice && <p role="status">{notice}</p>}
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
