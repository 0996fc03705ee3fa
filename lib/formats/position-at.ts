/** 1-based line and column of a character offset in `text` (offsets past the end clamp to the end). */
import type { SourcePosition } from "./import-result";

export function positionAt(text: string, offset: number): SourcePosition {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}
