/**
 * A whole description → candidate steps. Markup is stripped first (strip-markup.ts). Numbered or
 * bulleted lists give one step per item: an item such as "In parallel:" makes its sub-items one
 * parallel group; an item that ends with ":" or has no verb heads its sub-items and is not a step;
 * verbless sub-items under "Deploy to:" take its words ("Deploy to staging"). Other text goes
 * through the prose rules. Code spans and abbreviations are protected from the splitters.
 */
import { cleanStepText } from "./clean-step-text";
import { distribute, isVerbPart } from "./coordinate-parts";
import { isPauseRequest } from "./is-pause-request";
import { readPersonCondition } from "./person-condition";
import { createReadContext, type RawStep, type ReadContext } from "./read-context";
import { splitProse } from "./split-prose";
import { stripSequenceWords } from "./sequence-words";
import { stripMarkup } from "./strip-markup";

const LIST_ITEM = /^(\s*)(?:\d+[.)]|\(\d+\)|[-*•+]|[a-z][.)]|(?:step|phase)\s+\d+\s*[:.)-])\s+(.*)$/i;
const PARALLEL_HEADER =
  /^(?:(?:do|run)\s+)?(?:(?:these|the following|both|all)\s+)?(?:in parallel|at the same time|simultaneously|concurrently|meanwhile)\b/i;
const PARALLEL_TAIL = /[\s,]*\b(?:in parallel|at the same time|simultaneously|concurrently)\b[\s,]*/i;
const PROTECT = /`[^`\n]+`|\b(?:e\.g|i\.e|etc|vs)\./gi;

export interface ExtractedSteps {
  steps: RawStep[];
  /** The reading choices made, for the assumptions. */
  notes: string[];
  /** The description as read: markup stripped (slots and task words are looked for here). */
  text: string;
}

interface ListItem {
  indent: number;
  text: string;
  children: ListItem[];
}

function parseList(lines: string[]): { preamble: string[]; items: ListItem[]; trailer: string[] } {
  const preamble: string[] = [];
  const trailer: string[] = [];
  const items: ListItem[] = [];
  const stack: ListItem[] = [];
  for (const line of lines) {
    const m = LIST_ITEM.exec(line);
    if (m) {
      // A task-list checkbox ("- [x] write tests") is not part of the step.
      const item: ListItem = { indent: m[1].length, text: m[2].replace(/^\[[ xX]\]\s+/, ""), children: [] };
      while (stack.length && stack.at(-1)!.indent >= item.indent) stack.pop();
      (stack.at(-1)?.children ?? items).push(item);
      stack.push(item);
      trailer.length = 0;
    } else if (!line.trim()) {
      continue;
    } else if (!items.length) {
      preamble.push(line);
    } else if (/^\s+/.test(line) && !trailer.length) {
      stack.at(-1)!.text += " " + line.trim(); // an indented continuation line
    } else {
      trailer.push(line);
    }
  }
  return { preamble, items, trailer };
}

/** Reads one item's text as prose into `out`; returns the steps it gave. */
function readItem(text: string, ctx: ReadContext): RawStep[] {
  const start = ctx.out.length;
  splitProse(text, ctx);
  return ctx.out.slice(start);
}

function addItems(items: ListItem[], ctx: ReadContext): void {
  for (const item of items) {
    if (!item.children.length) {
      readItem(item.text, ctx);
      continue;
    }
    let header = stripSequenceWords(item.text.trim().replace(/:$/, ""), ctx.orderWords);
    // "Once I've approved it, in parallel:": a pause before the items under it.
    const person = readPersonCondition(header);
    if (person?.at === "lead" && !person.before) {
      header = person.rest;
      const prev = ctx.out.at(-1);
      if (!prev?.pause && !isPauseRequest(prev?.text ?? "")) {
        ctx.out.push({ text: cleanStepText(person.pause), group: null, pause: true });
        ctx.note(`"${person.phrase}" read as: a pause for a person before the items under it.`);
      }
    }
    const parallel = PARALLEL_HEADER.test(header) || PARALLEL_TAIL.test(header);
    const verb = header.replace(PARALLEL_TAIL, " ").replace(PARALLEL_HEADER, "").trim();
    const governs = verb && isVerbPart(verb) && item.children.every((c) => !c.children.length && !isVerbPart(c.text));
    // A heading: ends with ":", has no verb, or is one word ("Ingest", "Transform").
    const heading = item.text.trim().endsWith(":") || !isVerbPart(header) || !/\s/.test(header);
    if (!parallel && !governs && !heading) {
      readItem(item.text, ctx);
      addItems(item.children, ctx);
      continue;
    }
    if (!parallel && !governs) {
      ctx.note(`"${item.text.trim()}" heads the items under it and is not a step.`);
      addItems(item.children, ctx);
      continue;
    }
    const group = parallel ? ctx.nextGroup() : null;
    const texts: string[] = [];
    for (const child of item.children) {
      const own = governs ? distribute(verb, child.text) : child.text;
      const steps = readItem(own, ctx);
      if (!steps.length) continue;
      ctx.out.splice(ctx.out.length - steps.length);
      // One sub-item is one branch: its text stays one step even if it reads as several.
      const text = steps.map((s) => s.text).join(", then ");
      ctx.out.push({ text, group, ...(steps.some((s) => s.pause) ? { pause: true } : {}) });
      texts.push(text);
    }
    const how = parallel ? texts.map((t) => `"${t}"`).join(" ∥ ") : texts.map((t) => `"${t}"`).join(" → ");
    if (governs) ctx.note(`The words of "${item.text.trim()}" apply to each item under it: ${how}.`);
    else ctx.note(`"${item.text.trim()}" makes the items under it one parallel group: ${how}.`);
  }
}

/** Returns the candidate steps in order (parallel steps share a `group`) and the reading notes. */
export function extractRawSteps(description: string): ExtractedSteps {
  const plain = stripMarkup(description);
  const saved: string[] = [];
  const protectedText = plain.text.replace(PROTECT, (m) => `\uE000${saved.push(m) - 1}\uE000`);
  const restore = (s: string) =>
    s.includes("\uE000") ? s.replace(/\uE000(\d+)\uE000/g, (_, i: string) => saved[Number(i)]) : s;
  const ctx = createReadContext(restore);
  for (const n of plain.notes) ctx.note(n);
  const lines = protectedText.split("\n");
  if (lines.some((l) => LIST_ITEM.test(l))) {
    const { preamble, items, trailer } = parseList(lines);
    // "Release checklist:" introduces the list; other text before it is read as prose.
    const pre = preamble.join("\n").trimEnd();
    const introAt = pre.endsWith(":") ? Math.max(...[".", "!", "?", ";", "\n"].map((c) => pre.lastIndexOf(c))) + 1 : -1;
    if (introAt >= 0) ctx.note(`"${pre.slice(introAt).trim()}" introduces the list and is not a step.`);
    splitProse(introAt >= 0 ? pre.slice(0, introAt) : pre, ctx);
    ctx.inList = true;
    addItems(items, ctx);
    ctx.inList = false;
    splitProse(trailer.join("\n"), ctx);
  } else {
    splitProse(protectedText, ctx);
  }
  if (ctx.orderWords.size) {
    const lower = plain.text.toLowerCase();
    const words = [...ctx.orderWords]
      .filter((w) => !/^(?:→|->|=>|⟶)$/.test(w))
      .sort((a, b) => lower.indexOf(a) - lower.indexOf(b));
    if (words.length)
      ctx.note(
        `Sequence words (${words.map((w) => `"${w}"`).join(", ")}) were read as order, not as parts of step names.`,
      );
  }
  return {
    steps: ctx.out.map((s) => ({ ...s, text: restore(s.text) })),
    notes: ctx.notes.map(restore),
    text: plain.text,
  };
}
