/** Saves text as a file through the browser's download (the library's and the editor's exports). */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  // Revoke after the click has been handled (the browser reads the blob asynchronously).
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
