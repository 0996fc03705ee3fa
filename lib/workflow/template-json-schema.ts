/** The JSON Schema of a template for editors, generated from the one zod schema (the input side). */
import { z } from "zod";
import { TemplateSchema } from "./template-schema";

export const TEMPLATE_JSON_SCHEMA_ID = "https://wf-composer.local/template.schema.json";

/** `z.toJSONSchema(TemplateSchema, { io: "input" })` with an id and a title. */
export function templateJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(TemplateSchema, { io: "input", target: "draft-2020-12" }),
    $id: TEMPLATE_JSON_SCHEMA_ID,
    title: "Wf Composer workflow template",
  };
}
