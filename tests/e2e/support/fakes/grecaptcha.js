// A stand-in for Google's reCAPTCHA v3 browser script (served by Playwright in place of
// https://www.google.com/recaptcha/api.js). Tests steer it through window.__fakeRecaptcha:
// { token } to hand out a given token, { fail: "reason" } to reject, { empty: true } for "".
(() => {
  /** @type {any} */
  const page = window;
  const settings = () => page.__fakeRecaptcha ?? {};
  page.grecaptcha = {
    /** @param {() => void} callback */
    ready(callback) {
      setTimeout(callback, 0);
    },
    /** @param {string} _siteKey @param {{ action: string }} options */
    execute(_siteKey, { action }) {
      const { token, fail, empty } = settings();
      if (fail) return Promise.reject(new Error(fail));
      if (empty) return Promise.resolve("");
      return Promise.resolve(token ?? `fake:0.9:${action}`);
    },
  };
})();
