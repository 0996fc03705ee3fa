/** Whether a trigger's creator may still start runs, asked of the accounts' UserStore on both databases. */
import { describe, expect, it } from "vitest";
import { LiveAccess } from "@/server/auth/live-access";
import { UserStore } from "@/server/auth/user-store";
import { seedUser } from "@/server/test-support/seed-user";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { creatorRefusal } from "./creator-refusal";

describe.each(SQL_DATABASES)("a trigger's creator on %s", (kind) => {
  const d = useTestSqlDb(kind, (sql) => new UserStore(sql, new LiveAccess()));
  const refusal = async (roles: Parameters<typeof seedUser>[1], disabled = false) => {
    const user = await seedUser(d.sql, roles);
    if (disabled) await d.sql.run("update users set disabled_at = ? where id = ?", [Date.now(), user.id]);
    return creatorRefusal(d.stores, { userId: user.id, email: user.email }, true);
  };

  it("an enabled editor may; a disabled one, one without the editor role or one deleted may not", async () => {
    expect(await refusal(["editor"])).toBeUndefined();
    expect(await refusal(["admin"])).toBeUndefined();
    expect(await refusal(["editor"], true)).toMatch(/^its creator seed-\d+@accounts\.test is disabled$/);
    expect(await refusal(["viewer", "approver"])).toMatch(/no longer has the editor role$/);
    const gone = { userId: "usr_gone", email: "gone@example.com" };
    expect(await creatorRefusal(d.stores, gone, true)).toBe("its creator gone@example.com no longer exists");
  });

  it("created with WF_API_TOKEN, it may while the server has that token", async () => {
    const token = { userId: null, email: "api-token" };
    expect(await creatorRefusal(d.stores, token, true)).toBeUndefined();
    expect(await creatorRefusal(d.stores, token, false)).toBe(
      "it was created with WF_API_TOKEN, which this server no longer has",
    );
  });
});
