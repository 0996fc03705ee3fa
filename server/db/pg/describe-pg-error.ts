/**
 * What went wrong when opening a PostgreSQL database, in words: the driver's error codes (network and server
 * SQLSTATEs) mapped to a sentence naming the host, user or database; anything else keeps the driver's message.
 */
interface PgLikeError {
  code?: string;
  message?: string;
  address?: string;
  port?: number;
  errors?: PgLikeError[];
}

export function describePgError(err: unknown, target: { host: string; port: string; user: string; database: string }) {
  const e = (err ?? {}) as PgLikeError;
  // Node reports a refused "localhost" as an AggregateError of the IPv6 and IPv4 attempts.
  const code = e.code ?? e.errors?.[0]?.code;
  const where = `${target.host}:${target.port}`;
  switch (code) {
    case "ECONNREFUSED":
      return `nothing accepts connections at ${where} (connection refused): is the PostgreSQL server running there?`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the host ${target.host} is unknown (DNS lookup failed)`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${where} cannot be reached (${code})`;
    case "ECONNRESET":
      return `${where} closed the connection (is it a PostgreSQL server?)`;
    case "28P01":
      return `the password for user "${target.user}" was refused`;
    case "28000":
      return `user "${target.user}" may not connect: ${e.message}`;
    case "3D000":
      return `the database "${target.database}" does not exist on ${where} (create it first: createdb ${target.database})`;
    case "42501":
      return `user "${target.user}" lacks a privilege the migrations need: ${e.message}`;
    case "57P03":
      return `the server at ${where} is starting up or shutting down; try again`;
    case "53300":
      return `the server at ${where} has no connection slots left`;
  }
  const message = e.message ?? String(err);
  if (/client password must be a string/.test(message))
    return `the server asks user "${target.user}" for a password and the URL has none`;
  if (/timeout/i.test(message)) return `no answer from ${where} in time (${message})`;
  return message;
}
