(function () {
  var box = document.getElementById("aggiorna");
  if (!box) return;
  var button = document.getElementById("aggiorna-pausa");
  var said = document.getElementById("aggiorna-stato");
  var seconds = parseInt(box.getAttribute("data-secondi"), 10) || 30;
  var key = "torneo-aggiorna";
  var timer = null;
  function paused() {
    try { return window.localStorage.getItem(key) === "fermo"; } catch (e) { return false; }
  }
  function remember(stop) {
    try {
      if (stop) window.localStorage.setItem(key, "fermo");
      else window.localStorage.removeItem(key);
    } catch (e) { /* no storage: the choice holds until the page is left */ }
  }
  function show(stop) {
    if (timer !== null) { window.clearTimeout(timer); timer = null; }
    if (!stop) timer = window.setTimeout(function () { window.location.reload(); }, seconds * 1000);
    button.textContent = stop ? "Riprendi l'aggiornamento" : "Ferma l'aggiornamento";
    said.textContent = stop
      ? "Aggiornamento automatico fermo: ricarica la pagina per le novità."
      : "La pagina si aggiorna da sola ogni " + seconds + " secondi.";
    document.body.setAttribute("data-aggiornamento", stop ? "fermo" : "attivo");
  }
  var stopped = paused();
  button.addEventListener("click", function () {
    stopped = !stopped;
    remember(stopped);
    show(stopped);
  });
  box.hidden = false;
  show(stopped);
})();
