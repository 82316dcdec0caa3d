/**
 * The report's only script: sorting and filtering of the rules table, lazy rule cards, the sample
 * toggles and the CSV download. Cards arrive as markup already escaped by the builder, in the JSON
 * block `#report-cards`, and are put into the page only when opened, so a report of thousands of
 * rules starts with a table, not thousands of cards. It loads nothing and changes nothing outside
 * the page.
 */
export const REPORT_JS = `(function () {
  'use strict';
  function $(id) { return document.getElementById(id); }
  var data = JSON.parse($('report-data').textContent);
  var view = JSON.parse($('report-cards').textContent);
  var table = $('rules-table');
  var tbody = table.tBodies[0];
  var later = table.querySelector('tbody.later');
  var rows = Array.prototype.slice.call(table.querySelectorAll('tbody tr'));
  // Rows past the first screen are shown once it is painted, or at once when sorting or filtering needs them.
  function revealAll() { if (later) later.hidden = false; }
  var byId = {};
  data.rules.forEach(function (r) { byId[r.rule.id] = r; });
  var ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
  function plain(html) {
    return html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39);/g, function (e) { return ENTITIES[e]; });
  }
  var haystack = null;
  function searchText(tr) {
    if (!haystack) {
      haystack = new Map();
      rows.forEach(function (row) {
        var r = byId[row.dataset.id];
        var rule = r ? r.rule : {};
        var parts = [rule.id, rule.name, rule.description, rule.pattern, (rule.terms || []).join(' '), rule.output && rule.output.label, rule.status, rule.provenance,
          plain(view.cards[row.dataset.id] || '')];
        haystack.set(row, parts.filter(Boolean).join('\\n').toLowerCase());
      });
    }
    return haystack.get(tr);
  }
  function health(c, want) {
    var dead = c.dataset.dead === '1', harmful = c.dataset.harmful === '1';
    if (want === 'dead') return dead;
    if (want === 'harmful') return harmful;
    if (want === 'dead-or-harmful') return dead || harmful;
    if (want === 'healthy') return c.dataset.measured === '1' && !dead && !harmful;
    return true;
  }
  function apply() {
    revealAll();
    var label = $('f-label').value, status = $('f-status').value, want = $('f-health').value, has = $('f-has').value;
    var terms = $('f-search').value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (c) {
      var ok = (!label || c.dataset.label === label) && (!status || c.dataset.status === status) && health(c, want) &&
        (!has || Number(c.dataset[has]) > 0);
      if (ok && terms.length) {
        var text = searchText(c);
        ok = terms.every(function (t) { return text.indexOf(t) >= 0; });
      }
      c.hidden = !ok;
      if (ok) shown++;
    });
    $('shown-count').textContent = String(shown);
    $('no-match').hidden = shown > 0;
  }
  function sortBy(th) {
    revealAll();
    var index = th.cellIndex, num = th.dataset.type === 'num';
    var dir = th.getAttribute('aria-sort') === 'descending' ? 'ascending' : 'descending';
    Array.prototype.forEach.call(th.parentNode.cells, function (h) { h.setAttribute('aria-sort', 'none'); });
    th.setAttribute('aria-sort', dir);
    var sign = dir === 'ascending' ? 1 : -1;
    var keyed = rows.map(function (r, i) {
      var v = r.cells[index].dataset.v;
      return { r: r, i: i, v: v === '' ? null : num ? Number(v) : v.toLowerCase() };
    });
    keyed.sort(function (a, b) {
      if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
      var c = num ? a.v - b.v : a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
      return c * sign || a.i - b.i;
    });
    rows = keyed.map(function (k) { return k.r; });
    var frag = document.createDocumentFragment();
    rows.forEach(function (r) { frag.appendChild(r); });
    tbody.appendChild(frag);
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
    th.querySelector('button').addEventListener('click', function () { sortBy(th); });
  });
  var box = $('cards');
  function cardFor(id) {
    var dom = view.ids[id];
    if (!dom) return null;
    var el = $(dom);
    if (!el && view.cards[id]) {
      box.insertAdjacentHTML('afterbegin', view.cards[id]);
      el = $(dom);
      $('no-card').hidden = true;
    }
    return el;
  }
  function idOfHash(hash) {
    var dom = decodeURIComponent(hash.slice(1));
    for (var id in view.ids) if (view.ids[id] === dom) return id;
    return null;
  }
  function select(id) {
    rows.forEach(function (r) { r.classList.toggle('selected', r.dataset.id === id); });
  }
  function open(id) {
    var el = cardFor(id);
    if (!el) return;
    select(id);
    if (location.hash === '#' + el.id) el.scrollIntoView();
    else location.hash = '#' + el.id;
  }
  // Links to cards (table rows, plot points and bars) render the card first, so the browser's own
  // jump to the fragment (and :target) finds it.
  document.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('a[href^="#rule-"]');
    if (!a) return;
    var id = idOfHash(a.getAttribute('href'));
    if (id === null) return;
    e.preventDefault();
    open(id);
  });
  table.addEventListener('click', function (e) {
    if (!e.target.closest('tbody')) return;
    var tr = e.target.closest('tr');
    if (tr && !e.target.closest('a')) open(tr.dataset.id);
  });
  function fromHash() {
    var id = idOfHash(location.hash);
    if (id !== null && cardFor(id)) { select(id); $(view.ids[id]).scrollIntoView(); }
  }
  window.addEventListener('hashchange', fromHash);
  function toggles() {
    ['tp', 'fp', 'fn'].forEach(function (k) { box.classList.toggle('hide-' + k, !$('show-' + k).checked); });
  }
  ['f-search', 'f-label', 'f-status', 'f-health', 'f-has'].forEach(function (id) {
    $(id).addEventListener('input', apply);
    $(id).addEventListener('change', apply);
  });
  ['show-tp', 'show-fp', 'show-fn'].forEach(function (id) { $(id).addEventListener('change', toggles); });
  $('filters').addEventListener('submit', function (e) { e.preventDefault(); });
  $('csv-download').addEventListener('click', function () {
    var url = URL.createObjectURL(new Blob([view.csv], { type: 'text/csv;charset=utf-8' }));
    var a = document.createElement('a');
    a.href = url;
    a.download = view.csv_name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 0);
  });
  toggles();
  // Filters the browser restored (back, reload) apply at once; with none, every row is shown as built.
  if (['f-search', 'f-label', 'f-status', 'f-health', 'f-has'].some(function (id) { return $(id).value; })) apply();
  fromHash();
  if (later) requestAnimationFrame(function () { setTimeout(revealAll, 0); });
})();`;
