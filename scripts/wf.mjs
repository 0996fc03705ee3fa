#!/usr/bin/env node
// The `wf` command: loads the TypeScript CLI through tsx so `npx wf …` works without a build step.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.WF_APP_ROOT ??= root;
register({ tsconfig: path.join(root, "tsconfig.json") });
const { main } = await import(path.join(root, "server/cli/main.ts"));
process.exitCode = await main(process.argv);
