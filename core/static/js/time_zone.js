// The reader's time zone, as the browser knows it: written into the sign-up form's hidden
// field (saved on the new account), and kept in the "tz" cookie, which the server reads to
// show times in it until the reader saves a zone in their preferences.
(function () {
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return;
  }
  if (!zone) {
    return;
  }
  document.querySelectorAll("input[data-browser-zone]").forEach(function (input) {
    if (!input.value) {
      input.value = zone;
    }
  });
  const cookie = "tz=" + zone; // IANA names hold only cookie-safe characters
  if (!document.cookie.split("; ").includes(cookie)) {
    document.cookie = cookie + "; path=/; max-age=31536000; SameSite=Lax";
  }
})();
