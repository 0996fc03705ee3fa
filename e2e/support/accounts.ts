/** The accounts the e2e server starts with (playwright.config.ts passes them in its environment). */
export const ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password" };
export const API_TOKEN = "e2e-api-token";
export const ADMIN_STATE = "e2e/.auth/admin.json";
