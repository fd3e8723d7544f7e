// Forms marked data-confirm ask before they are sent (cancel a bet, revoke a token, delete a
// webhook): the question is the attribute's text, in the page's language. Forms sent by htmx
// use hx-confirm instead. No inline script: the site's CSP forbids it.
document.addEventListener("submit", function (event) {
  const form = event.target.closest("form[data-confirm]");
  if (form && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
  }
});
