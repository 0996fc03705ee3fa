/** The environment a server or CLI process reads its settings from (`process.env`, or a test's own object). */
export type EnvVars = Readonly<Record<string, string | undefined>>;
