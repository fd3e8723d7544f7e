// On a narrow screen the header's navigation folds behind its menu button. Without this
// script the links stay in view: the class on <html> is what lets the CSS fold them.
document.documentElement.classList.add("has-menu");

function setMenu(button, open) {
  button.setAttribute("aria-expanded", String(open));
  document.getElementById(button.getAttribute("aria-controls")).classList.toggle("open", open);
}

document.addEventListener("click", function (event) {
  const button = event.target.closest("[data-menu-toggle]");
  if (button) {
    setMenu(button, button.getAttribute("aria-expanded") !== "true");
  }
});

document.addEventListener("keydown", function (event) {
  const button = document.querySelector("[data-menu-toggle][aria-expanded='true']");
  if (event.key === "Escape" && button) {
    setMenu(button, false);
    button.focus();
  }
});
