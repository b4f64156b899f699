/* Meld table page: what cannot be HTML. Steppers, the ± sign, the Gin card picker and the
   Canasta card calculator; where the player looks after Send; live-check answers to values
   typed over since. Every answer the server gives is HTML (views/table.py); the drafts and
   the outbox are table_keep.js. Plain event delegation, so it keeps working after htmx
   swaps; every change fires "input"/"change" so the live preview (hx-trigger on the form)
   follows. */
(function () {
  "use strict";

  function fire(element) {
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function words(value) {
    return (value || "").split(/\s+/).filter(Boolean);
  }

  function step(button) {
    var input = document.getElementById(button.dataset.stepFor);
    if (!input) return;
    var value = parseInt(input.value, 10) || 0;
    input.value = String(Math.max(0, value + parseInt(button.dataset.delta, 10)));
    fire(input);
  }

  function flipSign(button) {
    var input = document.getElementById(button.dataset.signFor);
    if (!input) return;
    var text = input.value.trim();
    input.value = text.charAt(0) === "-" ? text.slice(1) : "-" + (text || "");
    fire(input);
    input.focus();
  }

  /* Gin card picker: tap a card to put it in the hand being picked; tap again to take it out. */
  /* A form has one picker per game (partnership Gin: one for each partner's game), each
     with its own two card fields. */
  function pickerParts(picker) {
    var chosen = picker.querySelector("input[data-picking]:checked");
    return {
      target: chosen ? chosen.value : "knocker",
      knocker: picker.querySelector("input[data-hand=knocker]"),
      defender: picker.querySelector("input[data-hand=defender]"),
    };
  }

  function drawPicker(picker) {
    var parts = pickerParts(picker);
    var knocker = words(parts.knocker.value);
    var defender = words(parts.defender.value);
    picker.querySelectorAll("[data-card]").forEach(function (button) {
      var code = button.dataset.card;
      var owner = knocker.indexOf(code) >= 0 ? "knocker" : defender.indexOf(code) >= 0 ? "defender" : "";
      button.classList.toggle("in-knocker", owner === "knocker");
      button.classList.toggle("in-defender", owner === "defender");
      button.setAttribute("aria-pressed", owner ? "true" : "false");
    });
    picker.querySelectorAll("[data-count]").forEach(function (counter) {
      counter.textContent = (counter.dataset.count === "knocker" ? knocker : defender).length;
    });
  }

  function pickCard(button) {
    var picker = button.closest("[data-picker]");
    var parts = pickerParts(picker);
    var code = button.dataset.card;
    var mine = parts[parts.target];
    var other = parts[parts.target === "knocker" ? "defender" : "knocker"];
    var cards = words(mine.value);
    var at = cards.indexOf(code);
    if (at >= 0) {
      cards.splice(at, 1);
    } else {
      cards.push(code);
      other.value = words(other.value).filter(function (card) { return card !== code; }).join(" ");
    }
    mine.value = cards.join(" ");
    drawPicker(picker);
    fire(mine);
  }

  function clearCards(button) {
    var picker = button.closest("[data-picker]");
    var parts = pickerParts(picker);
    parts.knocker.value = "";
    parts.defender.value = "";
    drawPicker(picker);
    fire(parts.knocker);
  }

  /* Canasta card calculator: ranks are tapped, suits are spread so two packs suffice. */
  var SUITS = { "3": ["C", "S"], "any": ["S", "H", "D", "C"] };

  function calcAdd(button) {
    var form = button.closest(".calc-form");
    var field = form.querySelector("[data-calc-cards]");
    var cards = words(field.value);
    var rank = button.dataset.calcAdd;
    var code = rank;
    if (rank !== "JK") {
      var suits = SUITS[rank] || SUITS.any;
      var best = suits[0];
      var fewest = Infinity;
      suits.forEach(function (suit) {
        var count = cards.filter(function (card) { return card === rank + suit; }).length;
        if (count < fewest) { fewest = count; best = suit; }
      });
      code = rank + best;
    }
    cards.push(code);
    setCalc(form, cards);
  }

  function setCalc(form, cards) {
    var field = form.querySelector("[data-calc-cards]");
    field.value = cards.join(" ");
    form.querySelector("[data-calc-shown]").textContent = cards.map(function (card) {
      return card === "JK" ? "🃏" : card.replace("T", "10").slice(0, -1);
    }).join(" ");
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function addPoints(button) {
    var input = document.getElementById(button.dataset.addTo);
    if (!input) return;
    input.value = String((parseInt(input.value, 10) || 0) + parseInt(button.dataset.addPoints, 10));
    fire(input);
    input.scrollIntoView({ block: "center" });
  }

  /* Gin: the phone remembers whether the table enters deadwood or taps cards. */
  var MODE_KEY = "meld-gin-mode";

  function remember(value) {
    try { window.localStorage.setItem(MODE_KEY, value); } catch (error) { /* private mode */ }
  }

  function remembered() {
    try { return window.localStorage.getItem(MODE_KEY); } catch (error) { return null; }
  }

  function setMode(form) {
    var mode = form.querySelector("input[name=mode]:checked");
    if (mode) form.dataset.mode = mode.value;
  }

  function restoreMode(form) {
    var wanted = remembered();
    var edited = form.querySelector("input[name=expected_version]");
    var choice = wanted && form.querySelector("input[name=mode][value=" + wanted + "]");
    if (choice && !(edited && edited.value) && !form.querySelector(".errors p")) choice.checked = true;
    setMode(form);
  }

  /* Partnership Gin: each partner's game says how it ended, so the CSS hides the
     deadwood a gin (or a no game) does not need. */
  function setHandKind(game) {
    var kind = game.querySelector("input[type=radio][name$=kind]:checked");
    game.dataset.handKind = kind ? kind.value : "";
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var button;
    if ((button = target.closest("[data-step-for]"))) return step(button);
    if ((button = target.closest("[data-sign-for]"))) return flipSign(button);
    if ((button = target.closest("[data-card]"))) return pickCard(button);
    if ((button = target.closest("[data-clear-cards]"))) return clearCards(button);
    if ((button = target.closest("[data-calc-add]"))) return calcAdd(button);
    if ((button = target.closest("[data-add-points]"))) return addPoints(button);
    if ((button = target.closest("[data-calc-undo]"))) {
      var undoForm = button.closest(".calc-form");
      var cards = words(undoForm.querySelector("[data-calc-cards]").value);
      cards.pop();
      return setCalc(undoForm, cards);
    }
    if ((button = target.closest("[data-calc-clear]"))) return setCalc(button.closest(".calc-form"), []);
  });

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "mode" && target.form) {
      setMode(target.form);
      remember(target.value);
    }
    if (target.matches && target.matches("[data-picking]")) drawPicker(target.closest("[data-picker]"));
    var game = target.closest && target.closest("[data-hand-kind]");
    if (game && /kind$/.test(target.name)) setHandKind(game);
  });

  /* Typed values must not trigger a page submit with Enter on the number pad's "Go". */
  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.matches(".entry-form input.num")) {
      event.preventDefault();
      event.target.blur();
    }
  });

  function each(root, selector, action) {
    if (!root || !root.querySelectorAll) return;
    if (root.matches(selector)) action(root);
    root.querySelectorAll(selector).forEach(action);
  }

  function init(root) {
    each(root, "[data-picker]", drawPicker);
    each(root, ".entry-form", restoreMode);
    each(root, "[data-hand-kind]", setHandKind);
  }

  /* "Not sent — tap again" under the entry form: hidden when the form itself sends,
     shown when it is answered with an error (a lost connection: table_keep.js). */
  function sendError(event, shown) {
    var form = event.detail.elt;
    if (!form || !form.matches || !form.matches(".entry-form")) return;
    var note = form.querySelector(".send-error");
    if (note) note.hidden = !shown;
  }

  /* After Send: take the player to the first problem, a marked field or the note by Send. */
  function showFirstProblem(root) {
    var form = root && root.querySelector && root.querySelector(".entry-form");
    var first = form && form.querySelector(".errors p");
    if (!first) return;
    var place = first.closest(".field") || first.closest(".errors");
    var input = place.querySelector("input:not([type=hidden]):not([disabled])");
    place.scrollIntoView({ block: "center" });
    if (input) {
      input.focus({ preventScroll: true });
    } else {
      place.setAttribute("tabindex", "-1");
      place.focus({ preventScroll: true });
    }
  }

  /* The live preview answers what the form held when it asked: an answer to values typed
     over since is dropped (the newer values' answer follows), so marks and totals of a
     half-typed deal never flash up after the player has gone on. */
  var previewed = new WeakMap();

  function formValues(form) {
    return new URLSearchParams(new FormData(form)).toString();
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var preview = event.detail.elt;
    if (preview && preview.id === "preview" && preview.closest("form")) {
      previewed.set(event.detail.xhr, formValues(preview.closest("form")));
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var asked = previewed.get(event.detail.xhr);
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (asked !== undefined && form && formValues(form) !== asked) event.detail.shouldSwap = false;
  });

  /* After Send: a stored deal, or one another phone entered first, is answered in #now at
     the top, where the player then looks; a mistake is shown at its field. (The answer may
     have replaced the form: its request is known by its xhr.) */
  var sends = new WeakSet();

  function afterSend(event) {
    if (!sends.has(event.detail.xhr) || !event.detail.successful) return;
    sends.delete(event.detail.xhr);
    var now = document.getElementById("now");
    if (now && now.querySelector(".message, .compare")) {
      window.scrollTo({ top: 0 });
    } else {
      showFirstProblem(document.getElementById("entry"));
    }
  }

  document.addEventListener("htmx:beforeSend", function (event) {
    var form = event.detail.elt;
    if (form && form.matches && form.matches(".entry-form")) sends.add(event.detail.xhr);
  });
  document.addEventListener("htmx:afterRequest", afterSend);
  document.addEventListener("DOMContentLoaded", function () {
    showFirstProblem(document.getElementById("entry"));
  });
  /* Every answer to the phone sends its parts out of band, drawn from the state now. A part
     drawn as it was last time is left in place, so a poll never closes an opened "Call the
     director", "Dispute" or "Switch seat", nor takes away what was typed there or the focus.
     The drawing is kept as it came, before any tap; CSRF tokens are masked anew each time. */
  var drawnOf = new WeakMap();

  function drawing(element) {
    return element.outerHTML
      .replace(/ hx-swap-oob="[^"]*"/, "")
      .replace(/(name="csrfmiddlewaretoken" value=")[^"]*"/g, "$1\"");
  }

  ["table-head", "now", "call-director", "who"].forEach(function (id) {
    var part = document.getElementById(id);
    if (part) drawnOf.set(part, drawing(part));
  });

  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var incoming = event.detail.fragment && event.detail.fragment.firstElementChild;
    if (!incoming || !incoming.id) return;
    var drawn = drawing(incoming);
    if (drawnOf.get(event.detail.target) === drawn) {
      event.detail.shouldSwap = false;
    } else {
      drawnOf.set(incoming, drawn);
    }
  });

  /* The pad itself is every answer's target and is drawn anew each time: a "Something
     wrong?" opened on a deal further down the pad stays open, with its words and the focus. */
  var carried = null;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var sheet = event.detail.target;
    if (!sheet || sheet.id !== "sheet" || !event.detail.shouldSwap) return;
    var focused = document.activeElement;
    carried = { typed: {}, open: [], focus: focused && sheet.contains(focused) ? focused.id : "" };
    sheet.querySelectorAll("details input[id]").forEach(function (input) {
      if (input.value) carried.typed[input.id] = input.value;
      if (input.closest("details").open) carried.open.push(input.id);
    });
  });

  document.addEventListener("htmx:afterSwap", function () {
    var kept = carried;
    carried = null;
    if (!kept) return;
    Object.keys(kept.typed).forEach(function (id) {
      var input = document.getElementById(id);
      if (input && !input.value) input.value = kept.typed[id];
    });
    kept.open.forEach(function (id) {
      var input = document.getElementById(id);
      if (input) input.closest("details").open = true;
    });
    var focus = kept.focus && document.getElementById(kept.focus);
    if (focus && focus !== document.activeElement) focus.focus({ preventScroll: true });
  });

  /* A poll's answer that draws more above the field being typed in (the other side's deal
     to confirm, a notice) keeps that field under the finger: the browser's own scroll
     anchoring does so once the page is scrolled, never at its very top. With no field
     being typed in, the entry panel is held where it is: a finger about to tap the form
     never lands on a "Confirm" drawn above it; the bar at the bottom says there is a deal
     to answer above. */
  var typing = null;

  function heldInPlace() {
    var field = document.activeElement;
    if (field && field.id && field.matches("input, select, textarea")) return field;
    return document.getElementById("entry");
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var polled = event.detail.requestConfig && event.detail.requestConfig.verb === "get";
    typing = null;  /* a poll answered 204 swaps nothing: it holds nothing for a later swap */
    if (!polled || !event.detail.shouldSwap || window.scrollY !== 0) return;
    var field = heldInPlace();
    if (!field) return;
    typing = { id: field.id, top: field.getBoundingClientRect().top };
  });

  document.addEventListener("htmx:afterSwap", function () {
    var held = typing;
    typing = null;
    var field = held && document.getElementById(held.id);
    if (!field) return;
    var moved = field.getBoundingClientRect().top - held.top;
    if (moved) window.scrollBy(0, moved);
  });

  document.addEventListener("htmx:beforeRequest", function (event) { sendError(event, false); });
  document.addEventListener("htmx:responseError", function (event) { sendError(event, true); });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () { init(document.body); });
})();
