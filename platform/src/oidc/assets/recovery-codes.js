/* global window, document */
// The recovery codes page's Copy button, served from the provider's origin (its CSP allows no inline
// script). Without JavaScript the button stays hidden: the codes can be selected, downloaded as a
// .txt (a link), and the "I have saved these codes" box is the form's own (required, checked again by
// the server). The page marks what this script drives:
//   <button data-copy-codes="id of the list" data-status="id of a live region" hidden>
(function () {
  for (const button of document.querySelectorAll('[data-copy-codes]')) {
    const list = document.getElementById(button.dataset.copyCodes);
    const status = document.getElementById(button.dataset.status);
    if (!list || !window.navigator.clipboard) continue;
    button.hidden = false;
    button.addEventListener('click', async () => {
      const codes = [...list.querySelectorAll('code')].map((code) => code.textContent).join('\n');
      try {
        await window.navigator.clipboard.writeText(`${codes}\n`);
        if (status) status.textContent = 'The codes are copied. Paste them somewhere safe.';
      } catch {
        if (status) status.textContent = 'Copying did not work here: select the codes and copy them, or download them.';
      }
    });
  }
})();
