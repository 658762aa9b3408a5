(function () {
  var box = document.getElementById("cerca-nome");
  var rows = document.querySelectorAll("[data-chiave]");
  var none = document.getElementById("nessuno");
  if (!box) return;
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked && !box.value) box.value = asked;
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^\p{L}\p{N} ]/gu, "").split(/\s+/).filter(Boolean).join(" ");
  }
  function filter() {
    var wanted = fold(box.value), shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var hit = rows[i].getAttribute("data-chiave").indexOf(wanted) >= 0;
      rows[i].hidden = !hit;
      if (hit) shown++;
    }
    if (none) none.hidden = shown > 0;
  }
  box.addEventListener("input", filter);
  if (box.form && !box.form.getAttribute("action")) {
    box.form.addEventListener("submit", function (e) { e.preventDefault(); filter(); });
  }
  filter();
})();
