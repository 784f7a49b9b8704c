/** Console CSS: system fonts (Cyrillic included), compact tables, fits a 1280×800 laptop screen. */
export const CONSOLE_STYLES = String.raw`
:root{--fg:#1d2430;--muted:#667085;--line:#d8dde6;--bg:#f6f7f9;--card:#fff;--accent:#1f5eff;--ok:#0a7d3b;--warn:#b54708;--bad:#b42318}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg)}
header.top{display:flex;gap:1.25rem;align-items:center;padding:.6rem 1.25rem;background:#101828;color:#fff}
header.top a{color:#d0d5dd;text-decoration:none;margin-right:1rem}
header.top a.active{color:#fff;font-weight:600;border-bottom:2px solid #fff}
.brand{font-size:1.05rem}
.who{margin-left:auto;color:#d0d5dd;font-size:.9rem}
main{max-width:1240px;margin:1rem auto;padding:0 1.25rem}
h1{font-size:1.25rem;margin:.25rem 0 1rem}
h2{font-size:1.05rem;margin:1.25rem 0 .5rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;margin-bottom:1rem}
.card>h2:first-child,.card>dl:first-child{margin-top:0}
.live{font-family:ui-monospace,monospace;font-size:13px;margin:.5rem 0;padding-left:1.5rem}
.row{display:flex;flex-wrap:wrap;gap:.6rem;align-items:end}
label{display:flex;flex-direction:column;font-size:.8rem;color:var(--muted);gap:.2rem}
input,select,textarea{font:inherit;padding:.35rem .5rem;border:1px solid var(--line);border-radius:6px;background:#fff;color:var(--fg)}
textarea{width:100%;min-height:4.5rem}
button{font:inherit;padding:.4rem .85rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}
button.secondary{background:#fff;color:var(--accent)}
button.danger{background:var(--bad);border-color:var(--bad)}
button:disabled{opacity:.5;cursor:default}
table{border-collapse:collapse;width:100%;background:var(--card)}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.78rem;text-transform:uppercase;color:var(--muted);letter-spacing:.02em}
td.num{text-align:right;font-variant-numeric:tabular-nums}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.82rem}
pre{white-space:pre-wrap;word-break:break-word;margin:0}
.muted{color:var(--muted)}
.status{display:inline-block;padding:0 .45rem;border-radius:999px;font-size:.78rem;border:1px solid currentColor}
.status.finished,.status.ok{color:var(--ok)}
.status.awaiting_approval,.status.pending,.status.running{color:var(--warn)}
.status.stopped,.status.error,.status.denied,.status.blocked,.status.rejected,.status.failed{color:var(--bad)}
.badge{background:var(--bad);color:#fff;border-radius:999px;padding:0 .45rem;font-size:.75rem}
.error{color:var(--bad);margin:.5rem 0}
tr.third-party td{color:var(--bad);font-weight:600}
.origins table{margin:.5rem 0}
.notice{color:var(--ok);margin:.5rem 0}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.kv{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
.kv dt{color:var(--muted)}
.kv dd{margin:0}
ul.tree{list-style:none;padding-left:1.1rem;margin:.25rem 0;border-left:1px dashed var(--line)}
ul.tree.root{border-left:none;padding-left:0}
.switch{display:flex;justify-content:space-between;align-items:center;padding:.45rem 0;border-bottom:1px solid var(--line)}
.switch.on strong{color:var(--bad)}
svg text{font:11px system-ui,sans-serif;fill:var(--muted)}
.legend span{display:inline-flex;align-items:center;gap:.3rem;margin-right:.8rem;font-size:.8rem}
.legend i{width:.7rem;height:.7rem;display:inline-block;border-radius:2px}
.signin{max-width:28rem;margin:4rem auto}
@media (max-width:900px){.grid2{grid-template-columns:1fr}}
`;
