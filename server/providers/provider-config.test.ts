import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentProviders } from "./agent-providers";

const getAgentProvider = (name: string | undefined, env: Record<string, string>) => createAgentProviders(env).get(name);
const getDescribeProvider = (env: Record<string, string>) => createAgentProviders(env).describeProvider();
const listAgentProviders = (env: Record<string, string>) => createAgentProviders(env).names();
import { DEFAULT_DESCRIBE_TIMEOUT_MS, loadProviderConfig } from "./provider-config";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "wf-providers-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("agent provider configuration", () => {
  it("none configured is a normal state", () => {
    const env = { WF_DATA_DIR: dir };
    expect(getAgentProvider(undefined, env)).toBeUndefined();
    expect(getDescribeProvider(env)).toBeUndefined();
    expect(listAgentProviders(env)).toEqual([]);
    expect(loadProviderConfig(env).describeTimeoutMs).toBe(DEFAULT_DESCRIBE_TIMEOUT_MS);
  });

  it("builds the cli and openai providers from environment variables, key read by name", () => {
    const env = {
      WF_DATA_DIR: dir,
      WF_AGENT_CMD: "claude -p",
      WF_OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      WF_OPENAI_MODEL: "m",
      WF_OPENAI_API_KEY_ENV: "MY_KEY",
      MY_KEY: "secret",
      WF_AGENT_PROVIDER: "openai",
    };
    expect(listAgentProviders(env)).toEqual(["openai", "cli"]);
    expect(getAgentProvider(undefined, env)).toMatchObject({ name: "openai", kind: "openai" });
    expect(getAgentProvider("cli", env)).toMatchObject({ name: "cli", kind: "cli" });
    expect(getAgentProvider("nope", env)).toBeUndefined();
    expect(loadProviderConfig(env).providers.openai).toMatchObject({ api_key_env: "MY_KEY" });
  });

  it("reads named providers and describe settings from <data dir>/providers.yaml", () => {
    writeFileSync(
      path.join(dir, "providers.yaml"),
      [
        "default: local",
        "providers:",
        "  claude: { kind: cli, command: 'claude -p', timeout_ms: 600000 }",
        "  local: { kind: openai, base_url: 'http://127.0.0.1:11434/v1', model: llama }",
        "describe: { provider: claude, timeout_ms: 5000 }",
      ].join("\n"),
    );
    const env = { WF_DATA_DIR: dir };
    expect(getAgentProvider(undefined, env)).toMatchObject({ name: "local", kind: "openai" });
    expect(getDescribeProvider(env)).toMatchObject({ provider: { name: "claude" }, timeoutMs: 5000 });
    expect(getDescribeProvider({ ...env, WF_DESCRIBE_AGENT: "off" })).toBeUndefined();
  });

  it("names the file and the field when the file is invalid", () => {
    const file = path.join(dir, "p.yaml");
    writeFileSync(file, "providers:\n  x: { kind: openai, base_url: 'not a url', model: m }\n");
    expect(() => loadProviderConfig({ WF_PROVIDERS_FILE: file })).toThrow(/p\.yaml: providers\.x\.base_url/);
  });
});
