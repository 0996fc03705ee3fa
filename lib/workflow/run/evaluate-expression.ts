/**
 * Safe evaluation of gate `expression`s and loop `until` conditions with CEL
 * (@marcbachmann/cel-js: a parser and interpreter, no eval). Results become strings for label
 * matching; bigint results print as integers.
 */
import { parse } from "@marcbachmann/cel-js";

export type ExpressionResult = { ok: true; value: unknown } | { ok: false; error: string };

const cache = new Map<string, ReturnType<typeof parse>>();

export function evaluateExpression(expression: string, context: Record<string, unknown>): ExpressionResult {
  try {
    let compiled = cache.get(expression);
    if (!compiled) {
      compiled = parse(expression);
      cache.set(expression, compiled);
    }
    return { ok: true, value: compiled(context) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** How a CEL value reads when matched against an edge label. */
export function expressionValueToString(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v)) ?? "";
}
