/** Long enough to resist guessing; the setup and user forms say so before the server does. */
export const MIN_PASSWORD_LENGTH = 10;
