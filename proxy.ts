/**
 * Runs before every page (Next 16 "proxy", Node runtime): refuses a Host this server does not
 * answer to (DNS rebinding), and sends a browser without a session cookie to /login, remembering
 * the page. The real checks happen on the server for every procedure; this is the fast path.
 */
import { NextResponse, type NextRequest } from "next/server";
import { signInPath } from "@/lib/access/sign-in-path";
import { hostRefusal } from "@/server/auth/request-guard";
import { SESSION_COOKIE } from "@/server/auth/session-cookie";

const OPEN_PAGES = ["/login", "/setup"];

export function proxy(request: NextRequest) {
  const refusal = hostRefusal(request.headers);
  if (refusal) return new NextResponse(refusal.message, { status: refusal.status });
  const { pathname, search } = request.nextUrl;
  if (OPEN_PAGES.includes(pathname)) return NextResponse.next();
  if (request.cookies.has(SESSION_COOKIE) || request.headers.has("authorization")) return NextResponse.next();
  return NextResponse.redirect(new URL(signInPath(pathname + search), request.url));
}

export const config = {
  // Pages only. The API checks Host itself (server/api/handle-trpc-request.ts), and a proxy in front of
  // it would buffer request bodies and cut them at Next's 10 MB proxy limit.
  matcher: ["/((?!api/|_next/static|_next/image|icon.svg|favicon.ico).*)"],
};
