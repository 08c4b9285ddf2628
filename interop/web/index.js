// The gallery's filters: search text, verdict, kind and profile; a card shows when it matches them all.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const cards = [...document.querySelectorAll(".card")];
  const apply = () => {
    const words = $("search").value.toLowerCase().split(/\s+/).filter(Boolean);
    const verdict = $("verdict").value, kind = $("kind").value, profile = $("profile").value;
    let shown = 0;
    for (const c of cards) {
      const d = c.dataset;
      const ok = words.every((w) => d.search.includes(w)) && (!verdict || d.verdict === verdict)
        && (!kind || d.kind === kind) && (!profile || d.profiles.split(" ").includes(profile));
      c.hidden = !ok;
      if (ok) shown++;
    }
    $("shown").textContent = String(shown);
    $("no-match").hidden = shown > 0;
  };
  for (const id of ["search", "verdict", "kind", "profile"]) $(id).addEventListener("input", apply);
  $("filters").addEventListener("submit", (e) => e.preventDefault());
  apply();
})();
