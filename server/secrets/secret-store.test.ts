/**
 * Secrets and saved agent providers on both databases: values sealed at rest and read back from the server's copy,
 * writes reloading it, another process's write seen after `refresh`, the default provider set in one transaction.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createProviderSettings } from "@/server/providers/provider-settings";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { createSecretVault } from "./secret-store";

const key = randomBytes(32);

describe.each(SQL_DATABASES)("secrets and saved providers on %s", (kind) => {
  const d = useTestSqlDb(kind, (sql) => ({
    vault: createSecretVault(sql, () => key),
    other: createSecretVault(sql, () => key),
    providers: createProviderSettings(sql),
    otherProviders: createProviderSettings(sql),
  }));

  it("set, list (names and dates only), read values, overwrite, delete; sealed at rest", async () => {
    const { vault } = d.stores;
    await vault.set("TOKEN", "s3cret", 1_000);
    await vault.set("API_KEY", "k-1", 1_001);
    expect(vault.list()).toEqual([
      { name: "API_KEY", createdAt: 1_001, updatedAt: 1_001 },
      { name: "TOKEN", createdAt: 1_000, updatedAt: 1_000 },
    ]);
    expect(vault.readValues(["TOKEN", "MISSING"])).toEqual({ TOKEN: "s3cret" });
    await vault.set("TOKEN", "changed", 2_000);
    expect(vault.readValues(["TOKEN"])).toEqual({ TOKEN: "changed" });
    expect(vault.list().find((s) => s.name === "TOKEN")).toEqual({ name: "TOKEN", createdAt: 1_000, updatedAt: 2_000 });
    const stored = await d.sql.all<{ sealed: string }>(`select sealed from secrets`);
    expect(stored.some((r) => r.sealed.includes("changed") || r.sealed.includes("k-1"))).toBe(false);
    expect(await vault.delete("TOKEN")).toBe(true);
    expect(await vault.delete("TOKEN")).toBe(false);
    expect(vault.readValues(["TOKEN"])).toEqual({});
  });

  it("another process's write is in this copy after refresh", async () => {
    const { vault, other } = d.stores;
    await other.refresh();
    await vault.set("SHARED", "v1");
    expect(other.readValues(["SHARED"])).toEqual({});
    await other.refresh();
    expect(other.readValues(["SHARED"])).toEqual({ SHARED: "v1" });
  });

  it("providers: save and update, list from the copy, one default at a time, delete", async () => {
    const { providers, otherProviders } = d.stores;
    await providers.save({ name: "local", kind: "cli", command: ["claude", "-p"], timeoutMs: 5_000 });
    await providers.save({
      name: "remote",
      kind: "openai",
      baseUrl: "http://127.0.0.1:1/v1",
      model: "m",
      apiKeySecret: "API_KEY",
    });
    expect(providers.list()).toEqual([
      { name: "local", kind: "cli", command: ["claude", "-p"], timeoutMs: 5_000, isDefault: false },
      {
        name: "remote",
        kind: "openai",
        baseUrl: "http://127.0.0.1:1/v1",
        model: "m",
        apiKeySecret: "API_KEY",
        isDefault: false,
      },
    ]);
    expect(await providers.setDefault("remote")).toBe(true);
    expect(await providers.setDefault("local")).toBe(true);
    expect(await providers.setDefault("nobody")).toBe(false);
    expect(providers.list().map((p) => [p.name, p.isDefault])).toEqual([
      ["local", true],
      ["remote", false],
    ]);
    await providers.save({ name: "remote", kind: "openai", baseUrl: "http://127.0.0.1:2/v1", model: "m2" });
    expect(providers.list()[1]).toEqual({
      name: "remote",
      kind: "openai",
      baseUrl: "http://127.0.0.1:2/v1",
      model: "m2",
      isDefault: false,
    });
    await otherProviders.refresh();
    expect(otherProviders.list().map((p) => p.name)).toEqual(["local", "remote"]);
    expect(await providers.delete("local")).toBe(true);
    expect(await providers.delete("local")).toBe(false);
    expect(providers.list().map((p) => p.name)).toEqual(["remote"]);
  });
});
