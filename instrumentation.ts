/** Next.js start hook: migrate + seed (+ resume runs) once, in the Node.js runtime only (not at build). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./server/start-server");
    await startServer();
  }
}
