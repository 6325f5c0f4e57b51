/* global window, document */
// Passkeys on the provider's pages (sign-in's second step, enrollment, account security), with
// @simplewebauthn/browser (webauthn.js, loaded first). A page marks what this script drives:
//   <section data-passkey hidden>     shown only where the browser can use passkeys;
//   <button data-passkey-action="register|authenticate" data-options="…" data-verify="…"
//           data-status="id" data-name-input="id">
// The options and the verification are JSON posts to the provider itself; the answer names the page
// to go to next. Pages without JavaScript keep their code forms.
(function () {
  const lib = window.SimpleWebAuthnBrowser;
  if (!lib || !lib.browserSupportsWebAuthn()) return;
  for (const section of document.querySelectorAll('[data-passkey]')) section.hidden = false;

  async function post(url, body) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.message || 'Something went wrong on our end. Try again.');
    return answer;
  }

  async function run(button) {
    const status = document.getElementById(button.dataset.status);
    const say = (message) => {
      if (!status) return;
      status.textContent = message;
      status.hidden = !message;
    };
    button.disabled = true;
    say('');
    try {
      const nameInput = button.dataset.nameInput ? document.getElementById(button.dataset.nameInput) : null;
      const { options } = await post(button.dataset.options, {});
      const response =
        button.dataset.passkeyAction === 'register'
          ? await lib.startRegistration({ optionsJSON: options })
          : await lib.startAuthentication({ optionsJSON: options });
      const { next } = await post(button.dataset.verify, { response, name: nameInput ? nameInput.value : '' });
      window.location.assign(next);
    } catch (error) {
      say(
        error && error.name === 'NotAllowedError'
          ? 'The passkey request was cancelled or timed out. Try again.'
          : (error && error.message) || 'The passkey could not be used. Try again.',
      );
      button.disabled = false;
    }
  }

  for (const button of document.querySelectorAll('[data-passkey-action]')) {
    button.addEventListener('click', () => void run(button));
  }
})();
