/** Long enough to resist guessing; the setup and user forms say so before the server does. */
import * as z from "zod";

export const MIN_PASSWORD_LENGTH = 10;

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1000);
