/**
 * `npm run schema:json`: writes lib/workflow/model/template.schema.json (the JSON Schema editors use,
 * generated from the zod schema), formatted by prettier so `npm run lint` accepts it.
 * `--check` exits 1 when the committed file is out of date.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import prettier from "prettier";
import { templateJsonSchema } from "@/lib/workflow/model/template-json-schema";

const target = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "lib",
  "workflow",
  "model",
  "template.schema.json",
);
const options = (await prettier.resolveConfig(target)) ?? {};
const text = await prettier.format(JSON.stringify(templateJsonSchema()), { ...options, filepath: target });

if (process.argv.includes("--check")) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (current !== text) {
    console.error(`${path.relative(process.cwd(), target)} is out of date: run npm run schema:json`);
    process.exit(1);
  }
  console.log("template.schema.json is up to date");
} else {
  fs.writeFileSync(target, text);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
