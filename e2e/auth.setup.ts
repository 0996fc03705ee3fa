/** Signs the admin in once through the API and keeps the session cookie for every other spec. */
import { expect, test as setup } from "@playwright/test";
import { ADMIN, ADMIN_STATE } from "./support/accounts";

setup("sign in as the admin", async ({ request }) => {
  const res = await request.post("/api/trpc/auth.login", { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  await request.storageState({ path: ADMIN_STATE });
});
