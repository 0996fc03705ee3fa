import { describe, expect, it } from "vitest";
import committed from "./template.schema.json";
import { templateJsonSchema } from "./template-json-schema";

describe("template.schema.json", () => {
  it("is the committed output of the zod schema (run npm run schema:json after a schema change)", () => {
    expect(committed).toEqual(templateJsonSchema());
  });

  it("describes the node types as a discriminated union and keeps extra fields open", () => {
    const schema = templateJsonSchema() as {
      required: string[];
      properties: { nodes: { items: { oneOf?: unknown[]; anyOf?: unknown[] } } };
    };
    expect(schema.required).toEqual(expect.arrayContaining(["template_id", "name", "nodes"]));
    const variants = schema.properties.nodes.items.oneOf ?? schema.properties.nodes.items.anyOf ?? [];
    expect(variants).toHaveLength(9);
  });

  it("accepts phases as plain names as well as { name, description } (normalizeTemplate maps them)", () => {
    const schema = templateJsonSchema() as { properties: { phases: { items: { anyOf: { type: string }[] } } } };
    expect(schema.properties.phases.items.anyOf.map((s) => s.type)).toEqual(["string", "object"]);
  });
});
