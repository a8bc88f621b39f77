// Secrets are not in wrangler.toml (never under [vars]), so `wrangler types` cannot see them on a
// machine without .dev.vars. They are declared here, optional: worker/config.ts validates them.
declare namespace Cloudflare {
  interface Env {
    RECAPTCHA_SECRET_KEY?: string;
    APP_SIGNING_KEY?: string;
    CARD_SIGNING_KEY?: string;
    TWILIO_AUTH_TOKEN?: string;
    GOOGLE_CLIENT_SECRET?: string;
  }
}
