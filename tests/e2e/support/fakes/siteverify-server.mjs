// A local fake of Google's reCAPTCHA siteverify endpoint for the end-to-end suite (the Worker
// under test is pointed at it with RECAPTCHA_VERIFY_URL). Tokens made by tests/e2e/support/fakes/grecaptcha.js
// say what to answer: "fake:<score>:<action>", or "fake-down" (503) and "fake-html" (not JSON).
import { createServer } from "node:http";

const port = Number(process.env.SITEVERIFY_PORT ?? 8796);

const server = createServer((request, response) => {
  if (request.method !== "POST" || !request.url?.startsWith("/recaptcha/api/siteverify")) {
    response.writeHead(404).end();
    return;
  }
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    const token = new URLSearchParams(body).get("response") ?? "";
    if (token === "fake-down") return response.writeHead(503).end("unavailable");
    if (token === "fake-html") return response.writeHead(200, { "Content-Type": "text/html" }).end("<html>");
    const [prefix, score, action] = token.split(":");
    const answer =
      prefix === "fake"
        ? { success: true, score: Number(score), action, hostname: "localhost", challenge_ts: new Date().toISOString() }
        : { success: false, "error-codes": ["invalid-input-response"] };
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
  });
});

server.listen(port, "127.0.0.1", () => console.log(`fake siteverify on http://127.0.0.1:${port}`));
