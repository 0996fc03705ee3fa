/** `/login` — sign in; first run goes to /setup, a signed-in visitor goes on to `next`. */
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { afterSignInPath } from "@/lib/access/sign-in-path";
import { serverCaller } from "@/app/server-caller";

export default async function LoginPage(props: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await props.searchParams;
  const me = await (await serverCaller()).auth.me();
  if (me.needsSetup) redirect("/setup");
  if (me.user) redirect(afterSignInPath(next));
  return (
    <div className="page auth-page">
      <h1>Log in</h1>
      <p className="muted">Sign in to compose, run and approve workflows on this server.</p>
      <LoginForm next={next} />
    </div>
  );
}
