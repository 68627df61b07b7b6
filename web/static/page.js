// deckjudge's organizer page, with JavaScript: the answer appears without a reload, a
// file can be dropped on the list, a picked card rewrites its line, and the address
// carries the check in its fragment (which browsers never send to a server).
// Without this script the form still works: it posts to / and the server answers the page.
"use strict";

(function () {
  const form = document.getElementById("check");
  const answer = document.getElementById("answer");
  const busy = document.getElementById("busy");
  if (!form || !answer || !window.fetch) return;
  document.documentElement.classList.add("js");

  // Which fields show: one deck's or a team's.
  function showMode() {
    const chosen = form.querySelector("input[name=mode]:checked");
    form.dataset.mode = chosen ? chosen.value : "deck";
  }
  form.addEventListener("change", function (event) {
    if (event.target.name === "mode") showMode();
    if (event.target.name === "format") formatsChanged(event.target);
  });
  showMode();

  // "all formats" and single formats exclude each other.
  function formatsChanged(box) {
    const boxes = form.querySelectorAll("input[name=format]");
    if (box.value === "all" && box.checked) {
      boxes.forEach(function (other) { if (other !== box) other.checked = false; });
    } else if (box.checked) {
      boxes.forEach(function (other) { if (other.value === "all") other.checked = false; });
    }
  }

  // A chosen or dropped file is read into its text field; the file itself is not sent.
  function readInto(file, textarea) {
    const reader = new FileReader();
    reader.onload = function () { textarea.value = String(reader.result).replace(/^\ufeff/, ""); };
    reader.readAsText(file);
  }
  form.querySelectorAll("input[type=file][data-into]").forEach(function (input) {
    input.addEventListener("change", function () {
      const target = document.getElementById(input.dataset.into);
      if (input.files && input.files[0] && target) readInto(input.files[0], target);
      input.value = "";
    });
  });
  form.querySelectorAll("textarea[data-drop]").forEach(function (textarea) {
    const zone = textarea.closest(".deck-input, .seat") || textarea;
    textarea.addEventListener("dragover", function (event) {
      event.preventDefault();
      zone.classList.add("dragging");
    });
    textarea.addEventListener("dragleave", function () { zone.classList.remove("dragging"); });
    textarea.addEventListener("drop", function (event) {
      zone.classList.remove("dragging");
      const files = event.dataTransfer && event.dataTransfer.files;
      if (files && files.length) {
        event.preventDefault();
        readInto(files[0], textarea);
      }
    });
  });

  // A picked card is sent to the server, which rewrites its line if the line still reads as
  // it did when checked (a 409 otherwise) and sends the list back with the answer.
  function showPicked() {
    const picked = document.getElementById("picked");
    const field = picked ? form.elements.namedItem(picked.dataset.field) : null;
    if (field && "value" in field) field.value = picked.dataset.text;
  }

  // A format the summary offers to show is ticked, and the deck checked again. With none
  // ticked, the one shown (the format the list most likely targets) is ticked too: it stays.
  function tick(id) {
    const box = form.querySelector("input[name=format][value='" + CSS.escape(id) + "']");
    if (!box) return;
    box.checked = true;
    formatsChanged(box);
    const more = box.closest("details");
    if (more) more.open = true;
  }
  function addFormat(id) {
    const likely = document.getElementById("likely");
    if (likely && !form.querySelector("input[name=format]:checked")) {
      likely.dataset.formats.split(" ").forEach(tick);
    }
    tick(id);
  }

  // The answer's top in view, and the focus on it (which a screen reader announces).
  function bringAnswer() {
    const top = answer.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 3) answer.scrollIntoView({ block: "start" });
    answer.focus({ preventScroll: true });
  }

  function formData(pick) {
    const data = new FormData(form);
    form.querySelectorAll("input[type=file]").forEach(function (input) { data.delete(input.name); });
    if (pick) data.append("pick", pick);
    return data;
  }

  async function check(pick) {
    busy.textContent = "Checking…";
    form.setAttribute("aria-busy", "true");
    try {
      const response = await fetch("/answer", { method: "POST", body: formData(pick),
                                                headers: { "Accept": "text/html" } });
      const type = response.headers.get("Content-Type") || "";
      if (type.indexOf("text/html") === 0) {
        answer.innerHTML = await response.text();
      } else {
        showProblem(type.indexOf("json") >= 0 ? await response.json() : null, response.status);
      }
      showPicked();
      showFieldProblem();
      bringAnswer();
      const share = document.getElementById("share");
      if (share) history.replaceState(null, "", share.getAttribute("href"));
      busy.textContent = response.ok ? "Checked." : "Not checked.";
    } catch (error) {
      showProblem(null, 0);
      busy.textContent = "Not checked.";
    } finally {
      form.removeAttribute("aria-busy");
    }
  }

  // A list refused names its field and line: say so under the field, and select the line.
  function showFieldProblem() {
    form.querySelectorAll(".field-problem").forEach(function (old) { old.remove(); });
    form.querySelectorAll("[aria-invalid]").forEach(function (control) {
      control.removeAttribute("aria-invalid");
      const ids = (control.getAttribute("aria-describedby") || "").split(" ")
        .filter(function (id) { return id && id !== control.id + "-problem"; });
      if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
      else control.removeAttribute("aria-describedby");
    });
    const problem = document.getElementById("problem");
    const control = problem && problem.dataset.field ? document.getElementById(problem.dataset.field) : null;
    if (!control) return;
    const note = document.createElement("p");
    note.className = "field-problem";
    note.id = control.id + "-problem";
    note.textContent = "⚠ " + problem.dataset.detail;
    control.after(note);
    control.setAttribute("aria-invalid", "true");
    const ids = (control.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    control.setAttribute("aria-describedby", ids.concat([note.id]).join(" "));
    const line = parseInt(problem.dataset.line || "", 10);
    if (line > 0 && control.tagName === "TEXTAREA") {
      const lines = control.value.split("\n");
      const start = lines.slice(0, line - 1).join("\n").length + (line > 1 ? 1 : 0);
      control.setSelectionRange(start, start + (lines[line - 1] || "").length);
    }
  }

  // An answer that is not the page's own (too large, too many requests, unavailable).
  function showProblem(problem, status) {
    const box = document.createElement("div");
    box.className = "problem";
    box.setAttribute("role", "alert");
    const title = document.createElement("h2");
    title.id = "answer-title";
    title.textContent = "⚠ The list could not be checked";
    const detail = document.createElement("p");
    detail.textContent = problem && problem.detail ? problem.detail
      : status ? "The service answered " + status + "." : "The service could not be reached.";
    box.append(title, detail);
    answer.replaceChildren(box);
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    const submitter = event.submitter;
    if (submitter && submitter.name === "add_format") addFormat(submitter.value);
    check(submitter && submitter.name === "pick" ? submitter.value : null);
  });

  // A shared link: the fragment holds the form's fields; fill them in and check.
  function fromFragment() {
    const hash = window.location.hash.slice(1);
    if (!hash || hash.indexOf("=") < 0) return false;
    const values = new URLSearchParams(hash);
    if (!values.has("deck") && !values.has("seat_A_deck")) return false;
    form.querySelectorAll("input[type=checkbox]").forEach(function (box) { box.checked = false; });
    values.forEach(function (value, name) {
      form.querySelectorAll("[name='" + CSS.escape(name) + "']").forEach(function (control) {
        if (control.type === "checkbox") {
          if (control.value === value || (control.value === "on" && value === "on")) control.checked = true;
        } else if (control.type === "radio") {
          control.checked = control.value === value;
        } else if (control.type !== "file") {
          control.value = value;
        }
      });
    });
    // No format in the link: none ticked, and the server shows the one the list most
    // likely targets.
    form.querySelectorAll("details input[name=format]:checked").forEach(function (box) {
      box.closest("details").open = true;
    });
    showMode();
    return true;
  }
  if (fromFragment()) check();
  window.addEventListener("hashchange", function () { if (fromFragment()) check(); });
})();
