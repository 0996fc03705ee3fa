"use client";
/**
 * Settings → Agent providers: the form that adds or edits one (admin). A CLI provider is a program
 * and its arguments; an OpenAI-compatible one is a base URL, a model and the *name* of the secret
 * holding its key — a key itself is never typed here, nor shown back.
 */
import { useState, type FormEvent } from "react";
import { FormError } from "@/components/common/form-error";

export interface ProviderDraft {
  name: string;
  kind: "cli" | "openai";
  command: string;
  baseUrl: string;
  model: string;
  apiKeySecret: string;
}

export const EMPTY_PROVIDER: ProviderDraft = {
  name: "",
  kind: "cli",
  command: "",
  baseUrl: "",
  model: "",
  apiKeySecret: "",
};

export interface ProviderSaveInput {
  name: string;
  kind: "cli" | "openai";
  command?: string[];
  baseUrl?: string;
  model?: string;
  apiKeySecret?: string;
}

/**
 * The save input, or what is wrong with the command (split as the server splits WF_AGENT_CMD: plain
 * words, no shell). The shell parser is large, so it loads when a command is first saved.
 */
async function toInput(d: ProviderDraft): Promise<ProviderSaveInput | string> {
  const name = d.name.trim();
  if (d.kind === "cli") {
    const { splitCommandWords } = await import("@/lib/workflow/shell/shell-syntax");
    const split = splitCommandWords(d.command);
    if (!split.ok) return `command: ${split.message}; a provider's command is plain words, no shell syntax`;
    if (split.argv.length === 0) return "command: a program and its arguments";
    return { name, kind: "cli", command: split.argv };
  }
  return {
    name,
    kind: "openai",
    baseUrl: d.baseUrl.trim(),
    model: d.model.trim(),
    ...(d.apiKeySecret.trim() ? { apiKeySecret: d.apiKeySecret.trim() } : {}),
  };
}

export function AgentProviderForm({
  initial,
  existing,
  secretNames,
  saving,
  onSave,
}: {
  initial: ProviderDraft;
  /** Names already saved in Settings: saving one of them edits it. */
  existing: readonly string[];
  secretNames: readonly string[];
  saving: boolean;
  onSave: (input: ProviderSaveInput, done: () => void) => void;
}) {
  const [d, setD] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<ProviderDraft>) => setD({ ...d, ...patch });
  const editing = existing.includes(d.name.trim());
  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = await toInput(d);
    setProblem(typeof input === "string" ? input : null);
    if (typeof input !== "string") onSave(input, () => setD(EMPTY_PROVIDER));
  }
  return (
    <form className="settings-form provider-form" onSubmit={(e) => void submit(e)} aria-label="Agent provider">
      <label className="field">
        Provider name
        <input
          value={d.name}
          required
          pattern="[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}"
          placeholder="claude"
          onChange={(e) => set({ name: e.target.value })}
        />
      </label>
      <label className="field">
        Kind
        <select value={d.kind} onChange={(e) => set({ kind: e.target.value as ProviderDraft["kind"] })}>
          <option value="cli">A command on this server (CLI)</option>
          <option value="openai">An OpenAI-compatible endpoint</option>
        </select>
      </label>
      {d.kind === "cli" ? (
        <label className="field">
          Command
          <input
            value={d.command}
            required
            placeholder="claude -p"
            onChange={(e) => set({ command: e.target.value })}
            aria-describedby="provider-command-help"
          />
          <span id="provider-command-help" className="muted small">
            The program and its arguments (quote an argument that has spaces); the prompt arrives on its standard input
            and its standard output is the answer.
          </span>
        </label>
      ) : (
        <>
          <label className="field">
            Base URL
            <input
              type="url"
              value={d.baseUrl}
              required
              placeholder="http://127.0.0.1:11434/v1"
              onChange={(e) => set({ baseUrl: e.target.value })}
            />
          </label>
          <label className="field">
            Model
            <input value={d.model} required onChange={(e) => set({ model: e.target.value })} />
          </label>
          <label className="field">
            API key secret
            <input
              value={d.apiKeySecret}
              list="provider-secret-names"
              placeholder="OPENAI_API_KEY"
              onChange={(e) => set({ apiKeySecret: e.target.value })}
            />
            <span className="muted small">The name of a secret (Settings → Secrets), not the key itself.</span>
          </label>
          <datalist id="provider-secret-names">
            {secretNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </>
      )}
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={saving}>
          {editing ? "Save provider" : "Add provider"}
        </button>
      </div>
      <FormError error={problem} />
    </form>
  );
}
