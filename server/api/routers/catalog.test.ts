import { describe, expect, it } from "vitest";
import { callerAs } from "@/server/test-support/test-callers";
import { useRouterTestDb } from "@/server/test-support/router-test-db";

const t = useRouterTestDb();

describe("catalog.list", () => {
  it("lists the executor catalog's entries with their recipe kind, never the recipes", async () => {
    const { items } = await callerAs(t).catalog.list();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.name).toMatch(/^[a-z]/);
      expect(["shell", "agent", "http"]).toContain(item.kind);
      expect(item).not.toHaveProperty("recipe");
    }
  });
});
