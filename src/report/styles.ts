/** The report's stylesheet: inline, system fonts only, light and dark schemes, printable. */
export const REPORT_CSS = `
:root{--fg:#1d232b;--muted:#5d6875;--bg:#f7f8fa;--card:#fff;--line:#dde2e8;--accent:#2f6fdb;--tp:#c9f0d3;--tp-fg:#0c5a26;--fp:#ffd3cf;--fp-fg:#8c1b12;--fn:#fff0c2;--fn-fg:#7a5400;--bad:#c0392b;
--series-precision:#2f6fdb;--series-recall:#d9822b;--series-f1:#1e9e5a;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--fg:#e6e9ee;--muted:#9aa5b1;--bg:#15181d;--card:#1e232a;--line:#323a44;--accent:#7aa7ff;--tp:#1f4d2d;--tp-fg:#bff3cd;--fp:#5a2320;--fp-fg:#ffd0cb;--fn:#4f4016;--fn-fg:#ffe9a8;--bad:#ff8a7a}}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg)}
header.page,main,.uncovered-label{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:6px 12px;margin:6px 0}
.uncovered-label summary{cursor:pointer;display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center}
.cov-bar{display:inline-flex;width:220px;height:10px;border-radius:5px;overflow:hidden;background:var(--line);margin-left:auto}
.cov-bar span{display:block;height:100%}.cov-ok{background:var(--series-f1)}.cov-wrong{background:var(--series-recall)}.cov-missed{background:var(--bad)}
.cov-key{display:inline-block;width:10px;height:10px;border-radius:2px;vertical-align:middle}
.chips{margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 6px;align-items:center}.chips-title{color:var(--muted);font-size:12px}
.chip{font-size:12px;border:1px solid var(--line);border-radius:999px;padding:0 7px;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.uncovered-label ol{margin:0 0 6px;padding-left:22px}.muted{color:var(--muted)}
.diff-del{background:var(--fp);color:var(--fp-fg);text-decoration:line-through}.diff-ins{background:var(--tp);color:var(--tp-fg)}
table.diff-rules{width:100%;margin:6px 0}table.diff-rules td{text-align:left}
footer.page{max-width:1180px;margin:0 auto;padding:0 20px}
header.page{padding-top:20px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 10px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:15px;margin:16px 0 8px}
nav.toc{display:flex;gap:14px;flex-wrap:wrap;margin:8px 0}nav.toc a{color:var(--accent);text-decoration:none}
.meta-line,.scope,.meta,figcaption,.notes,.errors,.semeval{color:var(--muted)}
code,pre,.rule-id,.ex-id{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:12.5px}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:10px;margin:10px 0}
.tile{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 12px}
.tile-value{font-size:22px;font-weight:600}.tile-name{font-weight:600}.tile-note{color:var(--muted);font-size:12px}
table{border-collapse:collapse;background:var(--card);border:1px solid var(--line)}
th,td{padding:4px 10px;border-bottom:1px solid var(--line);text-align:right;font-variant-numeric:tabular-nums}
th:first-child,thead th{text-align:left}tfoot th,tfoot td{font-weight:600}
.scroll{overflow-x:auto}
.confusion-box{max-width:100%;max-height:70vh;overflow:auto;border:1px solid var(--line);border-radius:8px}
table.confusion{border:0;font-size:12px}table.confusion td{min-width:2.2em;padding:2px 4px;text-align:center}
table.confusion thead th{position:sticky;top:0;z-index:1;background:var(--card);vertical-align:bottom;padding:2px 4px}
table.confusion thead th span{display:inline-block;writing-mode:vertical-rl;transform:rotate(180deg);max-height:12em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
table.confusion th[scope=row],table.confusion th.corner{position:sticky;left:0;background:var(--card);z-index:1;white-space:nowrap;max-width:16em;overflow:hidden;text-overflow:ellipsis}
table.confusion th.corner{z-index:2}
table.confusion td{background:rgba(47,111,219,var(--a))}table.confusion td.off{background:rgba(192,57,43,var(--a))}
.split-view{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:20px;align-items:start}
@media (max-width:900px){.split-view{grid-template-columns:1fr}}
figure{margin:0}.plots{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:20px}
@media (max-width:1100px){.plots{grid-template-columns:1fr}}
svg.plot{max-width:100%;height:auto;background:var(--card);border:1px solid var(--line);border-radius:8px}
svg.plot text{fill:var(--fg);font-size:11px}svg.plot .tick{fill:var(--muted)}svg.plot .small{font-size:9px}
svg.plot .axis-title{font-weight:600;fill:var(--muted)}svg.plot .empty-note{fill:var(--muted);font-style:italic}
svg.plot .grid{stroke:var(--line);stroke-width:1}svg.plot .zero{stroke:var(--muted);stroke-width:1}
svg.plot .whisker{stroke:var(--accent);stroke-width:1.5}svg.plot .dot{fill:var(--accent)}
svg.plot .point.harmful .dot{fill:var(--bad)}svg.plot .point.harmful .whisker{stroke:var(--bad)}
svg.plot .point:hover .dot{r:6}svg.plot .point .count{fill:#fff;font-weight:700;pointer-events:none}svg.plot .point-label{fill:var(--muted)}
svg.plot .bar{fill:var(--accent)}svg.plot .bar-row.negative .bar{fill:var(--bad)}svg.plot .bar-row:hover .bar{opacity:.75}
svg.plot .series .line,svg.plot .legend .line{fill:none;stroke-width:2}
svg.plot .s-precision .line{stroke:var(--series-precision)}svg.plot .s-precision .dot{fill:var(--series-precision)}
svg.plot .s-recall .line{stroke:var(--series-recall)}svg.plot .s-recall .dot{fill:var(--series-recall)}
svg.plot .s-f1 .line{stroke:var(--series-f1)}svg.plot .s-f1 .dot{fill:var(--series-f1)}
.empty{font-style:italic;color:var(--muted)}
form.filters{position:sticky;top:0;z-index:2;display:flex;flex-wrap:wrap;gap:10px 16px;align-items:center;background:var(--bg);padding:10px 0;border-bottom:1px solid var(--line)}
form.filters label{display:inline-flex;gap:6px;align-items:center}
form.filters input[type=search]{width:260px}
form.filters input,form.filters select{font:inherit;padding:3px 6px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg)}
.toggles{display:inline-flex;gap:8px;align-items:center;color:var(--muted)}
#shown{margin-left:auto;color:var(--muted)}
#rules form.filters{position:static}
.table-box{max-height:70vh;overflow:auto;border:1px solid var(--line);border-radius:8px;margin:8px 0}
table.rules-table{width:100%;border:0;font-size:13px}
table.rules-table thead th{position:sticky;top:0;z-index:1;background:var(--card);box-shadow:0 1px 0 var(--line);white-space:nowrap;padding:0}
table.rules-table thead th button{font:inherit;font-weight:600;color:var(--fg);background:none;border:0;padding:6px 8px;cursor:pointer;width:100%;text-align:inherit}
table.rules-table th[aria-sort=ascending] button::after{content:" \\25B2"}table.rules-table th[aria-sort=descending] button::after{content:" \\25BC"}
table.rules-table tbody tr{cursor:pointer}table.rules-table tbody tr:hover{background:var(--bg)}table.rules-table tbody tr.selected{outline:2px solid var(--accent);outline-offset:-2px}
table.rules-table th[scope=row]{font-weight:500;max-width:18em;overflow-wrap:anywhere}table.rules-table a.rule-link{color:var(--accent);text-decoration:none}
table.rules-table td{padding:3px 8px;white-space:nowrap}table.rules-table td.pattern-cell{white-space:normal;text-align:left;max-width:24em;overflow-wrap:anywhere}
table.rules-table td:nth-child(2),table.rules-table td:nth-child(3),table.rules-table td:last-child{text-align:left}table.rules-table td.negative{color:var(--bad)}table.rules-table .ci{color:var(--muted);font-size:11.5px}
#csv-download{font:inherit;padding:2px 10px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
.cards{display:grid;gap:12px;margin:12px 0 32px}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 14px}
.card:target{outline:2px solid var(--accent)}
.card header{display:flex;flex-wrap:wrap;gap:8px;align-items:baseline}
.card h3{margin:0;font-size:15px;overflow-wrap:anywhere}
.rank{color:var(--muted);font-variant-numeric:tabular-nums}
.badge{font-size:11.5px;padding:1px 7px;border-radius:999px;border:1px solid var(--line)}
.badge.dead{background:var(--fn);color:var(--fn-fg)}.badge.harmful{background:var(--fp);color:var(--fp-fg)}.badge.flagged{border-style:dashed}
.status-disabled,.status-rejected{opacity:.7}
pre.pattern{margin:8px 0 4px;padding:6px 8px;background:var(--bg);border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere}
.meta,.desc,.rejection{margin:4px 0}.rejection{color:var(--bad)}
dl.figures{display:flex;flex-wrap:wrap;gap:6px 18px;margin:8px 0}
.fig dt{font-size:11.5px;color:var(--muted)}.fig dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums}
.samples h4{margin:10px 0 4px;font-size:13px}
.samples ol{margin:0;padding-left:22px}.samples .none{margin:0;color:var(--muted);font-style:italic}
.sample{margin:3px 0}
.ctx{white-space:pre-wrap;overflow-wrap:anywhere}
.ex-id{color:var(--muted);margin-right:4px}
.why{display:block;color:var(--muted);font-size:12px}
.why .reason{font-style:italic}.why .lexical{font-style:normal;border:1px solid var(--muted);border-radius:3px;padding:0 3px;font-size:11px}
mark.hl{border-radius:3px;padding:0 2px}
mark.tp{background:var(--tp);color:var(--tp-fg)}mark.fp{background:var(--fp);color:var(--fp-fg)}mark.fn{background:var(--fn);color:var(--fn-fg);text-decoration:underline dashed}
mark.both{background:var(--tp);color:var(--tp-fg)}mark.extra{text-decoration:line-through}mark.short{text-decoration:underline wavy}
.hide-tp .samples-tp,.hide-fp .samples-fp,.hide-fn .samples-fn{display:none}
footer.page{color:var(--muted);border-top:1px solid var(--line);margin-top:24px;padding-bottom:40px}
footer.page dt{font-weight:600;color:var(--fg);margin-top:6px}footer.page dd{margin:0 0 0 0}
@media print{form.filters{display:none}.card{break-inside:avoid}}
`;
