/**
 * A line diff of two node outputs for the run comparison: each line once, marked as kept, only in the first run
 * (`removed`) or only in the second (`added`). Long outputs are cut to `maxLines` diff lines, and said so.
 */
import { diffLines } from "diff";

export interface DiffLine {
  kind: "same" | "added" | "removed";
  text: string;
}

export function outputDiff(a: string, b: string, maxLines = 400): { lines: DiffLine[]; cut: number } {
  const lines: DiffLine[] = [];
  for (const part of diffLines(a, b)) {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    const texts = part.value.replace(/\n$/, "").split("\n");
    for (const text of texts) lines.push({ kind, text });
  }
  return { lines: lines.slice(0, maxLines), cut: Math.max(0, lines.length - maxLines) };
}
