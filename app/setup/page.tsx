/** `/setup` — first run only: create the admin account. Once any account exists it is /login. */
import { redirect } from "next/navigation";
import { SetupForm } from "@/components/auth/setup-form";
import { MIN_PASSWORD_LENGTH } from "@/lib/access/password-rules";
import { serverCaller } from "@/app/server-caller";

export default async function SetupPage() {
  const me = await (await serverCaller()).auth.me();
  if (!me.needsSetup) redirect("/login");
  return (
    <div className="page auth-page">
      <h1>Set up Wf Composer</h1>
      <p className="muted">
        Create the admin account. The admin adds people and gives them roles (viewer, editor, approver, admin) in
        Settings.
      </p>
      <SetupForm minPasswordLength={MIN_PASSWORD_LENGTH} />
    </div>
  );
}
