/** A stored millisecond time as the reader's local date and time ("never" for null). */
export function formatTime(ms: number | null | undefined): string {
  return ms ? new Date(ms).toLocaleString() : "never";
}
