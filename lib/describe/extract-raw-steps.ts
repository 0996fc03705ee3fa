/**
 * A whole description → candidate steps. Numbered or bulleted lists give one step per item
 * (an item such as "In parallel:" makes its sub-items a parallel group); other text goes
 * through the prose rules. Code spans and abbreviations are protected from the splitters.
 */
import { splitProse, type GroupIds, type RawStep } from "./split-prose";

const LIST_ITEM = /^(\s*)(?:\d+[.)]|\(\d+\)|[-*•+]|[a-z][.)]|step\s+\d+\s*[:.)-])\s+(.*)$/i;
const PARALLEL_HEADER =
  /^(?:(?:do|run)\s+)?(?:(?:these|the following|both|all)\s+)?(?:in parallel|at the same time|simultaneously|concurrently|meanwhile)\b/i;
const PROTECT = /`[^`]+`|\b(?:e\.g|i\.e|etc|vs)\./gi;

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

function addItems(items: ListItem[], ids: GroupIds, out: RawStep[]): void {
  for (const item of items) {
    if (item.children.length && PARALLEL_HEADER.test(item.text.trim())) {
      const group = ids.next();
      for (const child of item.children) {
        const steps = splitProse(child.text, ids, []);
        // One sub-item is one branch: its text stays one step even if it reads as several.
        if (steps.length) out.push({ text: steps.map((s) => s.text).join(", then "), group });
      }
      continue;
    }
    splitProse(item.text, ids, out);
    addItems(item.children, ids, out);
  }
}

/** Returns the candidate steps in order; parallel steps share a `group`. */
export function extractRawSteps(description: string): RawStep[] {
  const saved: string[] = [];
  const protectedText = description.replace(PROTECT, (m) => `\uE000${saved.push(m) - 1}\uE000`);
  let n = 0;
  const ids: GroupIds = { next: () => `P${++n}` };
  const lines = protectedText.split(/\r?\n/);
  const out: RawStep[] = [];
  if (lines.some((l) => LIST_ITEM.test(l))) {
    const { items, trailer } = parseList(lines);
    addItems(items, ids, out);
    splitProse(trailer.join("\n"), ids, out);
  } else {
    splitProse(protectedText, ids, out);
  }
  const restore = (s: string) => s.replace(/\uE000(\d+)\uE000/g, (_, i: string) => saved[Number(i)]);
  return out.map((s) => ({ ...s, text: restore(s.text) }));
}
