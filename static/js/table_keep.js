/* A dropped Wi-Fi never loses a typed deal. The entry form is kept on the phone as it is
   typed (localStorage, per table token and deal number), filled in again after a reload,
   and a deal whose sending failed for want of a connection is sent by itself, with the
   same idempotency key, as soon as the connection is back. A stored deal is forgotten. */
(function () {
  "use strict";

  var PREFIX = "meld-deal:";
  var RETRY_MS = 4000;
  var SKIPPED = { csrfmiddlewaretoken: true, picking: true };

  function storage() {
    try { return window.localStorage; } catch (error) { return null; }  /* private mode */
  }

  function keyOf(form) {
    return form && form.dataset.keep ? PREFIX + form.dataset.keep : null;
  }

  function read(key) {
    var store = storage();
    if (!store || !key) return null;
    try { return JSON.parse(store.getItem(key)); } catch (error) { return null; }
  }

  function write(key, kept) {
    var store = storage();
    if (!store || !key) return;
    try { store.setItem(key, JSON.stringify(kept)); } catch (error) { /* full: the form still holds it */ }
  }

  function forget(key) {
    var store = storage();
    if (store && key) store.removeItem(key);
  }

  function values(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (!SKIPPED[name]) pairs.push([name, String(value)]);
    });
    return pairs;
  }

  function save(form, waiting) {
    var key = keyOf(form);
    if (!key) return;
    var kept = read(key) || {};
    write(key, { values: values(form), waiting: waiting === undefined ? !!kept.waiting : waiting });
  }

  function fill(form, pairs) {
    pairs.forEach(function (pair) {
      form.querySelectorAll('[name="' + CSS.escape(pair[0]) + '"]').forEach(function (field) {
        if (field.type === "radio" || field.type === "checkbox") {
          field.checked = field.value === pair[1];
        } else {
          field.value = pair[1];
        }
      });
    });
    var mode = form.querySelector("input[name=mode]:checked");
    if (mode) mode.dispatchEvent(new Event("change", { bubbles: true }));
    var picking = form.querySelector("input[name=picking]:checked");
    if (picking) picking.dispatchEvent(new Event("change", { bubbles: true }));
    var first = form.querySelector("input:not([type=hidden])");
    if (first) first.dispatchEvent(new Event("input", { bubbles: true }));
  }

  /* A draft belongs to one game ("token:game:deal"): the deals of this game before the
     form's one are stored (or were never sent), and another game's (an earlier round at
     this table, or a draft kept before drafts named their game) never comes back. */
  function forgetEarlier(form) {
    var store = storage();
    var parts = form.dataset.keep.split(":");
    var number = parseInt(parts[2], 10);
    var table = PREFIX + parts[0] + ":";
    if (!store) return;
    for (var index = store.length - 1; index >= 0; index -= 1) {
      var key = store.key(index);
      if (!key || key.indexOf(table) !== 0) continue;
      var kept = key.slice(table.length).split(":");
      if (kept.length !== 2 || kept[0] !== parts[1] || parseInt(kept[1], 10) < number) {
        store.removeItem(key);
      }
    }
  }

  function showWaiting(form, shown) {
    var note = form.querySelector(".send-waiting");
    if (note) note.hidden = !shown;
    if (shown) {
      var error = form.querySelector(".send-error");
      if (error) error.hidden = true;
    }
  }

  function send(form) {
    if (form.dataset.sending || navigator.onLine === false) return;
    if (window.htmx) window.htmx.trigger(form, "submit");
  }

  function sendWaiting() {
    document.querySelectorAll(".entry-form[data-keep]").forEach(function (form) {
      var kept = read(keyOf(form));
      if (kept && kept.waiting) send(form);
    });
  }

  function start(form) {
    if (!keyOf(form) || form.dataset.kept) return;
    form.dataset.kept = "1";
    forgetEarlier(form);
    var kept = read(keyOf(form));
    if (form.querySelector(".errors p")) {
      save(form, false);  /* answered with a mistake: what is shown is what is kept */
    } else if (kept && kept.values) {
      fill(form, kept.values);
      if (kept.waiting) {
        showWaiting(form, true);
        send(form);
      }
    }
  }

  function entryForm(event) {
    var element = event.detail && event.detail.elt;
    return element && element.matches && element.matches(".entry-form[data-keep]") ? element : null;
  }

  document.addEventListener("input", function (event) {
    if (event.target.form && event.target.form.dataset.keep) save(event.target.form);
  });
  document.addEventListener("change", function (event) {
    if (event.target.form && event.target.form.dataset.keep) save(event.target.form);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = entryForm(event);
    if (form) form.dataset.sending = "1";
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = entryForm(event);
    if (!form) return;
    delete form.dataset.sending;
    if (!event.detail.successful) return;
    forget(keyOf(form));
    /* Answered with a mistake, the same deal's form is back: keep what it shows. */
    var again = document.querySelector('.entry-form[data-keep="' + CSS.escape(form.dataset.keep) + '"]');
    if (again && again !== form) save(again, false);
  });
  /* No connection, or no answer within the page's time-out (table/page.html): the deal is
     kept and goes again by itself, with the same idempotency key. */
  function keepWaiting(event) {
    var form = entryForm(event);
    if (!form) return;
    save(form, true);
    showWaiting(form, true);
  }
  document.addEventListener("htmx:sendError", keepWaiting);
  document.addEventListener("htmx:timeout", keepWaiting);
  document.addEventListener("htmx:load", function (event) {
    var root = event.detail.elt;
    if (!root || !root.querySelectorAll) return;
    if (root.matches(".entry-form[data-keep]")) start(root);
    root.querySelectorAll(".entry-form[data-keep]").forEach(start);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".entry-form[data-keep]").forEach(start);
  });
  window.addEventListener("online", sendWaiting);
  window.setInterval(sendWaiting, RETRY_MS);
})();
