/**
 * Replaces `text[from, to)` with spaces, keeping newlines: a pre-pass can remove a region
 * (front matter, `<step>` blocks, Markdown around a fence) while every later line:column
 * still points into the user's original file.
 */
export function blankOut(text: string, from: number, to: number): string {
  return text.slice(0, from) + text.slice(from, to).replace(/[^\n]/g, " ") + text.slice(to);
}
