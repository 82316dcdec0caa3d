/**
 * The report's only script: filters and search over the rule cards, and the sample toggles. It
 * reads the embedded JSON (`#report-data`) for the search text and the cards' data attributes for
 * the filters; it loads nothing and changes nothing outside the page.
 */
export const REPORT_JS = `(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var cards = Array.prototype.slice.call(document.querySelectorAll('#cards .card'));
  var byId = {};
  data.rules.forEach(function (r) { byId[r.rule.id] = r; });
  function sampleText(m) {
    if (!m) return [];
    return ['tp', 'fp', 'fn'].reduce(function (acc, k) {
      return acc.concat(m.samples[k].map(function (s) { return [s.example_id, s.context.before + s.context.text + s.context.after].join(' '); }));
    }, []);
  }
  var haystack = new Map();
  cards.forEach(function (c) {
    var r = byId[c.dataset.id];
    var rule = r ? r.rule : {};
    var parts = [rule.id, rule.name, rule.description, rule.pattern, (rule.terms || []).join(' '), rule.output && rule.output.label, rule.status, rule.provenance]
      .concat(sampleText(r && r.metrics));
    haystack.set(c, parts.filter(Boolean).join('\\n').toLowerCase());
  });
  function $(id) { return document.getElementById(id); }
  function health(c, want) {
    var dead = c.dataset.dead === '1', harmful = c.dataset.harmful === '1';
    if (want === 'dead') return dead;
    if (want === 'harmful') return harmful;
    if (want === 'dead-or-harmful') return dead || harmful;
    if (want === 'healthy') return c.dataset.measured === '1' && !dead && !harmful;
    return true;
  }
  function apply() {
    var label = $('f-label').value, status = $('f-status').value, want = $('f-health').value, has = $('f-has').value;
    var terms = $('f-search').value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    cards.forEach(function (c) {
      var ok = (!label || c.dataset.label === label) && (!status || c.dataset.status === status) && health(c, want) &&
        (!has || Number(c.dataset[has]) > 0);
      if (ok && terms.length) {
        var text = haystack.get(c);
        ok = terms.every(function (t) { return text.indexOf(t) >= 0; });
      }
      c.hidden = !ok;
      if (ok) shown++;
    });
    $('shown-count').textContent = String(shown);
    $('no-match').hidden = shown > 0;
  }
  function toggles() {
    var box = $('cards');
    ['tp', 'fp', 'fn'].forEach(function (k) { box.classList.toggle('hide-' + k, !$('show-' + k).checked); });
  }
  ['f-search', 'f-label', 'f-status', 'f-health', 'f-has'].forEach(function (id) {
    $(id).addEventListener('input', apply);
    $(id).addEventListener('change', apply);
  });
  ['show-tp', 'show-fp', 'show-fn'].forEach(function (id) { $(id).addEventListener('change', toggles); });
  $('filters').addEventListener('submit', function (e) { e.preventDefault(); });
  toggles();
  apply();
})();`;
