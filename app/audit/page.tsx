/** `/audit` — the append-only audit log (admin only; others are told so, the API refuses them too). */
import { AuditLogView } from "@/components/audit/audit-log-view";
import { serverCaller } from "@/app/server-caller";
import { hasRole } from "@/lib/access/roles";

export default async function AuditPage() {
  const { user } = await (await serverCaller()).auth.me();
  if (!user || !hasRole(user.roles, "admin"))
    return (
      <div className="page">
        <h1>Audit log</h1>
        <p role="alert">Only an admin can read the audit log.</p>
      </div>
    );
  return <AuditLogView />;
}
