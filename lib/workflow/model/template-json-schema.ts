/** The JSON Schema of a template for editors, generated from the one zod schema (the input side). */
import * as z from "zod";
import { TemplateSchema } from "./template-schema";

export const TEMPLATE_JSON_SCHEMA_ID = "https://wf-composer.local/template.schema.json";

type JsonSchema = Record<string, unknown> & { properties: Record<string, { items?: unknown }> };

/**
 * `z.toJSONSchema(TemplateSchema, { io: "input" })` with an id and a title, and what every reader
 * accepts before the zod schema sees it: `normalizeTemplate` turns phases written as plain names into
 * `{ name }`, so a phase is a non-empty string or the object.
 */
export function templateJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(TemplateSchema, { io: "input", target: "draft-2020-12" }) as JsonSchema;
  const phases = schema.properties.phases;
  phases.items = { anyOf: [{ type: "string", minLength: 1 }, phases.items] };
  return { ...schema, $id: TEMPLATE_JSON_SCHEMA_ID, title: "Wf Composer workflow template" };
}
