/**
 * An http node's headers and body with their references put in, values kept as data:
 * - a header value never carries a line break (CR, LF) or NUL: one value cannot add a header;
 * - a JSON body (a JSON Content-Type, or a template that is JSON around its references) gets each
 *   value JSON-escaped where it stands inside a string (`{"msg": "{text}"}` with `", "admin": true`
 *   stays one string); a reference outside any string must hold one JSON value (a number, `true`,
 *   an object…), else the node fails saying to put it in quotes;
 * - a form body (`application/x-www-form-urlencoded`) gets each value URL-encoded;
 * - any other body is text, the values put in as they are.
 * Throws an Error naming the field and the reference; the caller fails the node and sends nothing.
 */
import { parseReferences, type Reference } from "@/lib/workflow/model/references";
import type { ExecutorContext } from "./executor";
import { previewValue, substituteEach } from "./substitute-each";

type BodyContext = Pick<ExecutorContext, "resolve" | "lookup">;

/** Each reference of a JSON text and whether it stands inside a string literal. */
function jsonPositions(template: string, refs: readonly Reference[]): boolean[] {
  const inString: boolean[] = [];
  let str = false;
  let k = 0;
  for (let i = 0; i < template.length; i++) {
    if (k < refs.length && i === refs[k]!.start) {
      inString.push(str);
      i = refs[k++]!.end - 1;
      continue;
    }
    const c = template[i];
    if (str && c === "\\") i++;
    else if (c === '"') str = !str;
  }
  return inString;
}

/** Whether the template is JSON once every reference is taken as a value of its place. */
function looksLikeJson(template: string, refs: readonly Reference[], inString: readonly boolean[]): boolean {
  const trimmed = template.trimStart();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return false;
  let skeleton = "";
  let last = 0;
  refs.forEach((ref, i) => {
    skeleton += template.slice(last, ref.start) + (inString[i] ? "x" : "0");
    last = ref.end;
  });
  try {
    JSON.parse(skeleton + template.slice(last));
    return true;
  } catch {
    return false;
  }
}

function contentType(headers: Readonly<Record<string, string>>): string {
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === "content-type");
  return entry ? entry[1].toLowerCase() : "";
}

function resolveJson(ctx: BodyContext, template: string, refs: readonly Reference[], inString: boolean[]): string {
  return substituteEach(
    ctx.lookup,
    template,
    (ref, value, i) => {
      if (inString[i]) return JSON.stringify(value).slice(1, -1);
      try {
        JSON.parse(value);
      } catch {
        throw new Error(
          `${ref.raw} stands outside a JSON string and its value ${previewValue(value)} is not one JSON value; write "${ref.raw}" to send it as a string`,
        );
      }
      return value.trim();
    },
    refs,
  );
}

/** The request body with its values put in (see the file header). */
export function resolveBody(ctx: BodyContext, template: string, headers: Readonly<Record<string, string>>): string {
  const type = contentType(headers);
  if (type.startsWith("application/x-www-form-urlencoded")) return ctx.resolve(template, encodeURIComponent);
  const refs = parseReferences(template);
  if (refs.length === 0) return template;
  const inString = jsonPositions(template, refs);
  const json = /[/+]json\b/.test(type) || (!type && looksLikeJson(template, refs, inString));
  return json ? resolveJson(ctx, template, refs, inString) : ctx.resolve(template);
}

/** Header values with their values put in; a value with CR, LF or NUL is refused (it would start a header of its own). */
export function resolveHeaders(ctx: BodyContext, headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, template] of Object.entries(headers))
    out[name] = substituteEach(ctx.lookup, template, (ref, value) => {
      if (/[\r\n\0]/.test(value))
        throw new Error(
          `header ${name}: the value of ${ref.raw} holds a line break or NUL (${previewValue(value)}), which would end the header`,
        );
      return value;
    });
  return out;
}
