// Buttons marked data-print print the page (no inline script: the site's CSP forbids it).
document.addEventListener("click", function (event) {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});
