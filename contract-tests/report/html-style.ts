/** The HTML report's one stylesheet, inline so the page needs nothing beside itself. */
export const htmlStyle = `
:root { color-scheme: light; --fail: #b42318; --pass: #067647; --muted: #555; --line: #ddd; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #1d1d1f; background: #fafafa; }
header { padding: 1rem 1.25rem; color: #fff; }
header.failed { background: var(--fail); }
header.passed { background: var(--pass); }
header h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
header p { margin: .2rem 0; overflow-wrap: anywhere; }
header code { background: rgba(255,255,255,.2); padding: 0 .25rem; border-radius: 3px; }
main { max-width: 1100px; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
h2 { margin-top: 2rem; border-bottom: 1px solid var(--line); }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
table.sections td { width: 7rem; }
tr.failed th { color: var(--fail); }
.scroll { overflow-x: auto; }
.failure { background: #fff; border: 1px solid var(--line); border-left: 5px solid var(--fail); border-radius: 4px; padding: .25rem 1rem 1rem; margin: 1rem 0; }
.failure h3 { font-size: 1.05rem; }
.failure p, .failure li, .failure h3 { overflow-wrap: anywhere; }
.section { color: var(--muted); font-weight: normal; }
.article { font-size: .85rem; background: #eef; border-radius: 3px; padding: 0 .35rem; font-weight: normal; }
.check, .legend { color: var(--muted); margin: 0; }
ul.differs { list-style: none; margin: .5rem 0; padding: .5rem .6rem; background: #f3f3f3; border-left: 3px solid var(--fail); font-size: .85rem; }
ul.differs li { padding: .15rem 0; overflow-wrap: anywhere; }
ul.differs li.note { color: var(--muted); font-family: ui-monospace, monospace; }
ul.differs code { font-size: .85rem; }
.kind { display: inline-block; padding: 0 .35rem; border-radius: 3px; color: #fff; font-size: .75rem; font-weight: bold; }
.kind.missing { background: var(--fail); } .kind.extra { background: #b54708; } .kind.changed { background: #6941c6; }
.rule { color: var(--muted); font-size: .8rem; }
p.expected, p.case { margin: .4rem 0; overflow-wrap: anywhere; }
ul.rules, ol.steps { padding-left: 1.4rem; }
ol.steps code { overflow-wrap: anywhere; }
pre { background: #f3f3f3; padding: .6rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .85rem; }
svg.timeline { width: 100%; height: auto; max-width: 880px; display: block; margin: .5rem 0; font: 12px system-ui, sans-serif; }
svg.timeline .grid { stroke: #e5e5e5; }
svg.timeline .tick { fill: var(--muted); text-anchor: middle; }
svg.timeline .answered rect { fill: #2e90fa; }
svg.timeline .refused rect { fill: #f79009; }
svg.timeline .never rect { fill: none; stroke: var(--fail); stroke-dasharray: 4 3; }
table.requests code { white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; }
ul.all { list-style: none; padding: 0; }
ul.all li { padding: .15rem 0; }
li.failed .mark { color: var(--fail); } li.passed .mark { color: var(--pass); } li.na .mark { color: var(--muted); }
p.none { color: var(--pass); font-weight: bold; }
table.stated { font-size: .85rem; } table.stated td.by { overflow-wrap: anywhere; }
table.stated tr.broken td { color: var(--fail); } table.stated tr.na td { color: var(--muted); }
@media (max-width: 600px) { body { font-size: 14px; } main, header { padding-left: .75rem; padding-right: .75rem; } th, td { padding: .3rem; } }
`;
