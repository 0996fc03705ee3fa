"use client";
/**
 * One person in Settings → Users (admin): their roles, and what an admin may do to the account —
 * disable / enable, reset the password, delete (asked twice). Nothing here is shown for the admin's
 * own account but roles: they change their own password under "Your password".
 */
import { useState, type FormEvent } from "react";
import { MIN_PASSWORD_LENGTH } from "@/lib/access/password-rules";
import type { Role } from "@/lib/access/roles";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import { RoleCheckboxes } from "./role-checkboxes";

export type SettingsUser = RouterOutputs["user"]["list"]["items"][number];

export interface UserActions {
  saveRoles(roles: Role[]): void;
  setDisabled(disabled: boolean): void;
  resetPassword(newPassword: string, done: () => void): void;
  remove(): void;
}

function ResetPasswordForm({ email, onReset }: { email: string; onReset: UserActions["resetPassword"] }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        className="button"
        aria-label={`Reset the password of ${email}`}
        onClick={() => setOpen(true)}
      >
        Reset password
      </button>
    );
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onReset(String(new FormData(e.currentTarget).get("new-password") ?? ""), () => setOpen(false));
  }
  return (
    <form className="button-row" onSubmit={onSubmit}>
      <label className="field">
        New password for {email}
        <input
          name="new-password"
          type="password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          autoComplete="new-password"
          autoFocus
        />
      </label>
      <button type="submit" className="button button-primary">
        Set password
      </button>
      <button type="button" className="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}

export function UserRow({ user, isMe, actions }: { user: SettingsUser; isMe: boolean; actions: UserActions }) {
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const changed = roles.slice().sort().join() !== user.roles.slice().sort().join();
  const disabled = user.disabledAt !== null;
  return (
    <tr data-testid={`user-${user.email}`} className={disabled ? "user-disabled" : undefined}>
      <td>
        {user.email}
        {isMe && <span className="muted small"> (you)</span>}
        {disabled && <span className="badge">disabled</span>}
      </td>
      <td>
        <RoleCheckboxes name={`roles-${user.id}`} label={`Roles of ${user.email}`} value={roles} onChange={setRoles} />
        <button
          type="button"
          className="button"
          disabled={!changed || roles.length === 0}
          aria-label={`Save roles of ${user.email}`}
          onClick={() => actions.saveRoles(roles)}
        >
          Save roles
        </button>
      </td>
      <td>
        {!isMe && (
          <div className="button-row">
            <button
              type="button"
              className="button"
              aria-label={`${disabled ? "Enable" : "Disable"} ${user.email}`}
              onClick={() => actions.setDisabled(!disabled)}
            >
              {disabled ? "Enable" : "Disable"}
            </button>
            <ResetPasswordForm email={user.email} onReset={actions.resetPassword} />
            {confirmDelete ? (
              <>
                <button
                  type="button"
                  className="button button-danger"
                  aria-label={`Delete ${user.email} for good`}
                  onClick={actions.remove}
                >
                  Delete for good
                </button>
                <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button button-danger"
                aria-label={`Delete ${user.email}`}
                onClick={() => setConfirmDelete(true)}
              >
                Delete…
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
