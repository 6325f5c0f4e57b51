/* global document */
// The sign-out page's only script, served from the provider's origin (its CSP allows no inline
// script): the console asked to sign out with its ID token (logoutSource), so the form submits itself.
// Without JavaScript the page's button does the same.
document.getElementById('op.logoutForm')?.submit();
