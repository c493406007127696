// Headers every response carries, whatever answers it (a route, an error, the HTTP parser, a fault): the
// bodies are per-account data or credentials, so nothing may cache them, and a browser must never sniff
// or render them as anything but JSON.
import type { ServerResponse } from "node:http";

export const securityHeaders: Readonly<Record<string, string>> = {
  "cache-control": "no-store",
  pragma: "no-cache",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
};

export function setSecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
}
