/**
 * `provider` router: agent providers from Settings, the file and the environment. Admins change
 * (only settings ones); editors see names and readiness. An API key is only ever a secret's name.
 */
import { TRPCError } from "@trpc/server";
import * as z from "zod";
import { createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";
import { detectAgentClis, findOnPath } from "@/server/providers/find-on-path";
import { isProviderReady } from "@/server/providers/provider-readiness";
import { SavedProviderSchema } from "@/server/providers/provider-settings";

const NameInput = z.object({ name: z.string().min(1) });
const TEST_PROMPT = "Reply with one short line: ok";
const TEST_TIMEOUT_MS = 30_000;

function bad(message: string): never {
  throw new TRPCError({ code: "BAD_REQUEST", message });
}

function firstLine(text: string): string {
  return (text.split("\n").find((l) => l.trim() !== "") ?? "").trim().slice(0, 200);
}

export const providerRouter = createTRPCRouter({
  list: publicProcedure.query(({ ctx }) => {
    const admin = ctx.caller?.roles.includes("admin") ?? false;
    const secretNames = new Set(ctx.deps.secrets.list().map((s) => s.name));
    return {
      items: ctx.deps.providers.entries().map((e) => ({
        name: e.name,
        kind: e.kind,
        ready: isProviderReady(e, secretNames),
        source: e.source,
        default: e.default,
        // Editors see names and readiness; how a provider is reached is for admins.
        ...(admin
          ? {
              ...(e.command ? { command: e.command } : {}),
              ...(e.baseUrl ? { baseUrl: e.baseUrl } : {}),
              ...(e.model ? { model: e.model } : {}),
              ...(e.apiKeySecret ? { apiKeySecret: e.apiKeySecret } : {}),
              ...(e.timeoutMs ? { timeoutMs: e.timeoutMs } : {}),
            }
          : {}),
      })),
      detected: admin ? detectAgentClis() : [],
    };
  }),

  save: publicProcedure.input(SavedProviderSchema.strict()).mutation(async ({ input, ctx }) => {
    if (input.kind === "cli") {
      if (!input.command) bad("command: a program and its arguments");
      if (!findOnPath(input.command[0]))
        bad(`command: cannot start ${input.command[0]} (not found on the server's PATH)`);
    } else {
      if (!input.baseUrl) bad("baseUrl: the OpenAI-compatible endpoint");
      if (!input.model) bad("model: the model to ask");
      if (input.apiKeySecret && !ctx.deps.secrets.list().some((s) => s.name === input.apiKeySecret))
        bad(`apiKeySecret: no secret named ${input.apiKeySecret} (add it under Secrets)`);
    }
    await ctx.deps.providerSettings.save(
      input.kind === "cli"
        ? { name: input.name, kind: "cli", command: input.command, timeoutMs: input.timeoutMs }
        : { ...input, command: undefined },
    );
    return { ok: true };
  }),

  delete: publicProcedure.input(NameInput).mutation(async ({ input, ctx }) => {
    if (!(await ctx.deps.providerSettings.delete(input.name))) {
      const other = ctx.deps.providers.entries().find((e) => e.name === input.name);
      throw new TRPCError(
        other
          ? { code: "BAD_REQUEST", message: `name: ${input.name} comes from the ${other.source}; change it there` }
          : { code: "NOT_FOUND", message: `name: no provider ${input.name}` },
      );
    }
    return { ok: true };
  }),

  setDefault: publicProcedure.input(NameInput).mutation(async ({ input, ctx }) => {
    if (!ctx.deps.providers.entries().some((e) => e.name === input.name))
      throw new TRPCError({ code: "NOT_FOUND", message: `name: no provider ${input.name}` });
    if (!(await ctx.deps.providerSettings.setDefault(input.name)))
      bad(`name: ${input.name} is not saved in Settings; set WF_AGENT_PROVIDER or the file's default instead`);
    return { ok: true };
  }),

  test: publicProcedure.input(NameInput).mutation(async ({ input, ctx }) => {
    const entry = ctx.deps.providers.entries().find((e) => e.name === input.name);
    const provider = entry ? ctx.deps.providers.get(input.name) : undefined;
    if (!entry || !provider) throw new TRPCError({ code: "NOT_FOUND", message: `name: no provider ${input.name}` });
    const field = entry.kind === "cli" ? "command" : "baseUrl";
    const started = performance.now();
    try {
      const answer = await provider.complete({ prompt: TEST_PROMPT, timeoutMs: TEST_TIMEOUT_MS });
      return { ok: true, latencyMs: Math.round(performance.now() - started), sample: firstLine(answer.text) };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return { ok: false, latencyMs: Math.round(performance.now() - started), error: `${field}: ${message}` };
    }
  }),
});
