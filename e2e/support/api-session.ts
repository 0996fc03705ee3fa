/** API calls and signed-out pages for the account specs. */
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

/** One tRPC call through `request` (its cookies are the caller); expects 200 and returns the data. */
export async function api<T>(request: APIRequestContext, proc: string, input?: unknown): Promise<T> {
  const res = await request.post(`/api/trpc/${proc}`, { data: input ?? null });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.data as T;
}

/** A page in a fresh context with no session. */
export async function signedOutPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}
