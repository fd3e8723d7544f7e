// The new-league page: only the settings the chosen rule system reads are shown. The hidden
// sections are disabled too, so the browser neither checks nor sends them. Without this
// script every section stays visible, each saying which rule systems read it.
document.addEventListener("DOMContentLoaded", function () {
  const form = document.querySelector(".league-create-form");
  const select = form && form.querySelector("select[name=rule_system]");
  if (!select) {
    return;
  }
  const sections = form.querySelectorAll("[data-rule-systems]");
  function show() {
    sections.forEach(function (section) {
      const off = !section.dataset.ruleSystems.split(" ").includes(select.value);
      section.hidden = off;
      section.disabled = off;
    });
  }
  form.querySelectorAll(".rule-systems-note").forEach(function (note) {
    note.hidden = true;
  });
  select.addEventListener("change", show);
  show();
});
